import { type IncomingHttpHeaders, type RequestOptions, request } from 'node:http'

/** An answer as it crossed the network: its status, headers and body bytes, nothing decoded. */
export interface RawAnswer {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  readonly bytes: Buffer
}

/**
 * One HTTP request whose body is kept as sent (fetch would undo a Content-Encoding): what the
 * compression tests need to check the bytes on the wire.
 */
export function rawRequest(target: string | URL, options: RequestOptions = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(target, options, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          bytes: Buffer.concat(chunks),
        }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}
