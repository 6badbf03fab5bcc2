import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { sendJson } from './static-files'

/**
 * Paths answered by the API rather than the static sites: the calls of src/contract (`/api`),
 * the media the API stores (`/storage`), and the bookingAdmin calls that have no /api prefix
 * (src/api/config.ts GROUP_BASE), so the islands reach all of them on the site's own origin.
 */
const PREFIXES = [
  '/api',
  '/storage',
  '/media',
  '/bookingOrder',
  '/giftOrders',
  '/bookingShops',
  '/giftShops',
  '/customers/remainingAmount',
]

export function isProxied(pathname: string): boolean {
  return PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`))
}

/** Connection-level headers, which belong to one hop and are not forwarded (RFC 9110 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

function forwardable(headers: IncomingMessage['headers']): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value
  }
  return out
}

/**
 * Streams the request to the API and the answer back: method, headers (but the hop-by-hop ones),
 * body and status kept; the visitor's host goes along as x-forwarded-host, since the API's own
 * host header must name the API. An API that cannot be reached is a 502 in the contract's error
 * shape, which the client normalises like any other failure.
 */
export function proxyToApi(
  request: IncomingMessage,
  response: ServerResponse,
  apiUrl: string,
): void {
  const target = new URL(request.url ?? '/', apiUrl)
  const headers = forwardable(request.headers)
  headers.host = target.host
  headers['x-forwarded-host'] = request.headers.host ?? ''
  headers['x-forwarded-proto'] = 'http'
  const remote = request.socket.remoteAddress
  if (remote) {
    const prior = request.headers['x-forwarded-for']
    headers['x-forwarded-for'] = prior ? `${prior}, ${remote}` : remote
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest
  const upstream = send(target, { method: request.method, headers }, (answer) => {
    response.writeHead(answer.statusCode ?? 502, forwardable(answer.headers))
    answer.pipe(response)
    answer.on('error', () => response.destroy())
  })
  upstream.on('error', () => {
    if (response.headersSent) response.destroy()
    else sendJson(response, 502, { code: 502, message: 'The API cannot be reached.' })
  })
  // A visitor who leaves mid-way should not keep the API busy.
  response.on('close', () => {
    if (!response.writableFinished) upstream.destroy()
  })
  request.pipe(upstream)
}
