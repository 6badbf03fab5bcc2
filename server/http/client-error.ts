import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { errorBodyFor } from '#contract/error.ts'

/**
 * Requests Node refuses before any route sees them (a control character in a header, headers
 * over the size limit, a broken request line) get Node's bare 400/431 by default. This answers
 * them in the normalised error shape of docs/product/8-errors.md instead (decision 016): JSON, the
 * top-level `{code, message}` of the 'first' group (no call is known, as for an unknown path),
 * plus `type`, and the connection closed, since the rest of the bytes cannot be trusted.
 */

interface Refusal {
  readonly status: number
  readonly type: string
  readonly message: string
}

/** What to answer for one parser error code, as Node's own clientError default picks it. */
export function refusalFor(code: string | undefined): Refusal {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, type: 'headersTooLarge', message: 'Request headers too large.' }
    case 'HPE_URI_TOO_LONG':
      return { status: 414, type: 'uriTooLong', message: 'Request address too long.' }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, type: 'requestTimeout', message: 'Request timed out.' }
    default:
      return { status: 400, type: 'badRequest', message: 'Malformed request.' }
  }
}

/** The whole HTTP/1.1 answer, headers and JSON body. */
export function refusalResponse(refusal: Refusal): string {
  const body = JSON.stringify({
    ...errorBodyFor('first', { code: refusal.status, message: refusal.message }),
    type: refusal.type,
  })
  return [
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? 'Error'}`,
    'Content-Type: application/json; charset=UTF-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    '',
    body,
  ].join('\r\n')
}

/** A response already on its way on this socket must not be corrupted by a second one. */
type ClientSocket = Duplex & { _httpMessage?: { headersSent?: boolean } | null }

/** How long a refused socket may stay half-closed for the client to read the answer. */
const LINGER_MS = 2_000

/** The `clientError` listener of the API's HTTP server (server/start.ts). */
export function onClientError(log: (line: string) => void) {
  return (error: Error & { code?: string }, socket: ClientSocket): void => {
    const inFlight = socket._httpMessage?.headersSent === true
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight) {
      socket.destroy()
      return
    }
    const refusal = refusalFor(error.code)
    // The code only: the error carries the raw bytes, which may hold a session token.
    log(`refused ${refusal.status} ${error.code ?? 'client error'}`)
    // FIN after the answer (not a reset, which could discard it unread), then gone for good.
    socket.end(refusalResponse(refusal))
    setTimeout(() => socket.destroy(), LINGER_MS).unref()
  }
}
