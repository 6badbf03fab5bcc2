import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ApiContext } from '#api/context'

/**
 * A real HTTP server on 127.0.0.1 for the client's tests: the client is exercised through
 * node's fetch, sockets and all, so headers and bodies are what would cross the wire.
 */

export interface Recorded {
  readonly method: string
  readonly url: URL
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

export interface Reply {
  readonly status?: number
  /** Sent as JSON. */
  readonly json?: unknown
  /** Sent as is, for non-JSON bodies. */
  readonly text?: string
  /** Drop the connection after the headers, so no complete response arrives. */
  readonly hangUp?: boolean
}

export interface TestServer {
  readonly url: string
  readonly requests: Recorded[]
  /** Answer requests to this pathname (no query) with a fixed reply. */
  reply(pathname: string, reply: Reply): void
  last(): Recorded
  close(): Promise<void>
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      body += chunk
    })
    request.on('end', () => resolve(body))
    request.on('error', reject)
  })
}

function answer(response: ServerResponse, reply: Reply): void {
  if (reply.hangUp) {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
    response.write('{"partial":')
    response.socket?.destroy()
    return
  }
  const isJson = reply.text === undefined
  const body = isJson ? JSON.stringify(reply.json ?? null) : reply.text
  response.writeHead(reply.status ?? 200, {
    'content-type': isJson ? 'application/json' : 'text/html',
  })
  response.end(body)
}

export async function startServer(): Promise<TestServer> {
  const requests: Recorded[] = []
  const replies = new Map<string, Reply>()
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const body = await readBody(request)
    requests.push({ method: request.method ?? '', url, headers: request.headers, body })
    answer(response, replies.get(url.pathname) ?? { status: 404, json: { message: 'Not Found' } })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply: (pathname, reply) => {
      replies.set(pathname, reply)
    },
    last: () => {
      const found = requests.at(-1)
      if (!found) throw new Error('no request reached the test server')
      return found
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/** An address where nothing listens: a server is opened to get a free port, then closed. */
export async function closedUrl(): Promise<string> {
  const server = await startServer()
  await server.close()
  return server.url
}

/** A browser-side context whose every base is the given server. */
export function contextAt(url: string, extra: Partial<ApiContext> = {}): ApiContext {
  const bases = { api: url, vault: url, passport: url, storage: url, stats: url }
  return { config: { bases, serverUrl: url }, side: 'browser', curlang: 'fr', ...extra }
}
