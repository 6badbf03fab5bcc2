// s3rver ships no types: the part of its API tests/support/s3-server.ts uses.
declare module 's3rver' {
  import type { EventEmitter } from 'node:events'
  import type { AddressInfo } from 'node:net'

  interface S3rverOptions {
    address?: string
    port?: number
    silent?: boolean
    directory: string
    configureBuckets?: { name: string }[]
  }

  /** An S3 event notification, as s3rver emits it for each object written. */
  interface S3rverEvent {
    Records: { eventName: string; s3: { object: { key: string } } }[]
  }

  export default class S3rver extends EventEmitter {
    constructor(options: S3rverOptions)
    run(): Promise<AddressInfo>
    close(): Promise<void>
    on(event: 'event', listener: (event: S3rverEvent) => void): this
  }
}
