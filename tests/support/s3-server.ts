import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'

export interface S3TestServer {
  /** http://127.0.0.1:<port>: use it as the endpoint with path-style addressing. */
  readonly endpoint: string
  readonly bucket: string
  /** s3rver's fixed key pair: it checks every request's SigV4 signature against it. */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string }
  /** Object keys in the order the server stored them (one per PUT it completed). */
  readonly puts: string[]
  stop(): Promise<void>
}

/** An S3-compatible server (s3rver) on a free loopback port, storing in a temp directory. */
export async function startS3Server(bucket = 'sites'): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const puts: string[] = []
  server.on('event', (event) => {
    for (const record of event.Records) {
      if (record.eventName.startsWith('ObjectCreated:')) puts.push(record.s3.object.key)
    }
  })
  const { port } = await server.run()
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    puts,
    async stop() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
