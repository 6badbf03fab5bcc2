import { connect } from 'node:net'

/**
 * One HTTP/1.1 exchange over a raw socket, for requests fetch refuses to send (control bytes in
 * a header, oversized headers, a broken request line). A string request is written in latin1,
 * so each character is one byte; the answer is read until the server closes.
 */
export interface RawAnswer {
  readonly status: number
  /** Header names lowercased; the last value of a repeated header. */
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

export function rawRequest(
  url: string,
  request: string | Buffer,
  timeoutMs = 15_000,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) })
    const chunks: Buffer[] = []
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no complete answer within ${timeoutMs} ms`))
    }, timeoutMs)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    // A reset after the answer arrived still leaves the answer to parse.
    socket.on('error', () => socket.destroy())
    socket.on('close', () => {
      clearTimeout(timer)
      const parsed = parseAnswer(Buffer.concat(chunks).toString('utf8'))
      if (parsed) resolve(parsed)
      else reject(new Error('the server closed without an answer'))
    })
    socket.write(typeof request === 'string' ? Buffer.from(request, 'latin1') : request)
  })
}

function parseAnswer(text: string): RawAnswer | undefined {
  const end = text.indexOf('\r\n\r\n')
  if (end < 0) return undefined
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1])
  if (!Number.isInteger(status)) return undefined
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const length = headers['content-length']
  const rest = text.slice(end + 4)
  return { status, headers, body: length === undefined ? rest : rest.slice(0, Number(length)) }
}

/** A request with `Connection: close`, so the server ends the socket after its answer. */
export function rawGet(path: string, headerLines: readonly string[]): string {
  return rawHead('GET', path, headerLines)
}

/** The request line and headers (latin1 text), `Connection: close` included. */
export function rawHead(method: string, path: string, headerLines: readonly string[]): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...headerLines]
  return [...lines, 'Connection: close', '', ''].join('\r\n')
}

/** A whole request: the head in latin1 (odd header bytes as they are), a UTF-8 JSON body. */
export function rawJson(
  method: string,
  path: string,
  headerLines: readonly string[],
  body?: string,
): Buffer {
  if (body === undefined) return Buffer.from(rawHead(method, path, headerLines), 'latin1')
  const bytes = Buffer.from(body, 'utf8')
  const lines = [
    ...headerLines,
    'Content-Type: application/json',
    `Content-Length: ${bytes.length}`,
  ]
  return Buffer.concat([Buffer.from(rawHead(method, path, lines), 'latin1'), bytes])
}
