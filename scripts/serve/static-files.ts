import { createReadStream, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { contentType } from './content-types'

/**
 * Cache policies: `/_astro/*` names change with their content, so browsers and CDNs keep them
 * for a year; everything else (HTML above all) is revalidated on every use, cheaply, with the
 * ETag below. Error pages are not stored at all.
 */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
export const CACHE_REVALIDATE = 'no-cache'
export const CACHE_NONE = 'no-store'

export interface SendOptions {
  readonly status?: number
  readonly cache: string
  readonly headers?: Readonly<Record<string, string>>
}

/**
 * Size and mtime: the publish step keeps the mtime of a file whose bytes did not change, so the
 * tag survives rebuilds exactly when the content does.
 */
function etagOf(size: number, mtimeMs: number): string {
  return `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`
}

export function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  file: string,
  options: SendOptions,
): void {
  const stat = statSync(file)
  const status = options.status ?? 200
  const etag = etagOf(stat.size, stat.mtimeMs)
  const headers: Record<string, string> = {
    'content-type': contentType(file),
    'cache-control': options.cache,
    'x-content-type-options': 'nosniff',
    ...options.headers,
  }
  if (status === 200) {
    headers.etag = etag
    headers['last-modified'] = stat.mtime.toUTCString()
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, headers)
      response.end()
      return
    }
  }
  headers['content-length'] = String(stat.size)
  response.writeHead(status, headers)
  if (request.method === 'HEAD') {
    response.end()
    return
  }
  const stream = createReadStream(file)
  stream.on('error', () => response.destroy())
  stream.pipe(response)
}

export function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': CACHE_NONE,
    'content-length': String(Buffer.byteLength(text)),
  })
  response.end(text)
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': CACHE_NONE,
    'content-length': String(Buffer.byteLength(text)),
  })
  response.end(text)
}
