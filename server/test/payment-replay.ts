import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Recorded HTTP exchanges with a payment provider, replayed at the network boundary: a local
 * node:http server on 127.0.0.1:0 stands where the provider's API is (the provider's API base
 * env points at it), answers each request with the recorded response, in order, and checks that
 * the request our code sent has the recorded method, path and body. Nothing leaves the machine.
 *
 * A recording (payment-recordings/<name>.json): {description, exchanges: [{request: {method, path,
 * body?}, response: {status, body}}]}. Request bodies compare by meaning (JSON, or form fields
 * for application/x-www-form-urlencoded, as Stripe sends them), strictly: the same keys and
 * values, where "{{any}}" (a whole value, or inside a string) stands for what is made at run
 * time (our ids).
 */
export interface Exchange {
  readonly request: { readonly method: string; readonly path: string; readonly body?: unknown }
  readonly response: {
    readonly status: number
    readonly body: unknown
    readonly headers?: Record<string, string>
  }
}

export interface Recording {
  readonly description: string
  readonly exchanges: readonly Exchange[]
}

export interface Received {
  readonly method: string
  readonly path: string
  readonly headers: IncomingMessage['headers']
  readonly body: unknown
}

export interface Replay {
  readonly url: string
  readonly received: Received[]
  readonly mismatches: string[]
  /** every recorded exchange was requested, and nothing else */
  pending(): number
  close(): Promise<void>
}

export function loadRecording(name: string): Recording {
  const url = new URL(`./payment-recordings/${name}.json`, import.meta.url)
  return JSON.parse(readFileSync(url, 'utf8')) as Recording
}

function parseBody(text: string, type: string | undefined): unknown {
  if (text === '') return undefined
  if (type?.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text))
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** Strict comparison by meaning; "{{any}}" in the expectation matches any present value. */
export function sameShape(expected: unknown, actual: unknown, path = 'body'): string[] {
  if (expected === '{{any}}') return actual === undefined ? [`${path}: missing`] : []
  if (typeof expected === 'string' && expected.includes('{{any}}')) {
    const escaped = expected
      .split('{{any}}')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    const pattern = new RegExp(`^${escaped.join('.+')}$`, 's')
    return typeof actual === 'string' && pattern.test(actual)
      ? []
      : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`]
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return [`${path}: array`]
    return expected.flatMap((item, i) => sameShape(item, actual[i], `${path}[${i}]`))
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null) return [`${path}: not an object`]
    const want = expected as Record<string, unknown>
    const got = actual as Record<string, unknown>
    const extra = Object.keys(got).filter((k) => !(k in want))
    return [
      ...extra.map((k) => `${path}.${k}: not expected (${JSON.stringify(got[k])})`),
      ...Object.keys(want).flatMap((k) => sameShape(want[k], got[k], `${path}.${k}`)),
    ]
  }
  return expected === actual
    ? []
    : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`]
}

export async function replay(recording: Recording): Promise<Replay> {
  const queue = [...recording.exchanges]
  const received: Received[] = []
  const mismatches: string[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = parseBody(Buffer.concat(chunks).toString('utf8'), req.headers['content-type'])
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body }
      received.push(request)
      const next = queue.shift()
      const problems = next
        ? [
            ...(next.request.method === request.method ? [] : [`method ${request.method}`]),
            ...(next.request.path === request.path ? [] : [`path ${request.path}`]),
            ...(next.request.body === undefined ? [] : sameShape(next.request.body, body)),
          ]
        : [`unexpected ${request.method} ${request.path}`]
      mismatches.push(...problems.map((p) => `${request.method} ${request.path}: ${p}`))
      const status = next && problems.length === 0 ? next.response.status : 599
      res.writeHead(status, { 'content-type': 'application/json', ...next?.response.headers })
      res.end(JSON.stringify(next && problems.length === 0 ? next.response.body : { problems }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    mismatches,
    pending: () => queue.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
