import { closeSync, createReadStream, fstatSync, openSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pipeline } from 'node:stream'
import { createGzip } from 'node:zlib'
import { ENCODINGS, type Encoding, pickEncoding } from '#domain/web/accept-encoding'
import { CACHE_NONE } from '#site/headers/cache-rules'
import { VARIANT_SUFFIX } from '../build-sites/compress'
import { LEVELS } from '../build-sites/compress-levels'
import { contentType } from './content-types'

export interface SendOptions {
  readonly status?: number
  readonly cache: string
  readonly headers?: Readonly<Record<string, string>>
}

/**
 * A strong tag per representation: size and mtime (the publish step keeps the mtime of a file
 * whose bytes did not change, so the tag survives rebuilds exactly when the content does), and
 * the coding, since the brotli and gzip bytes are other representations (RFC 9110 8.8.3).
 */
function etagOf(size: number, mtimeMs: number, encoding: Encoding | undefined): string {
  const coding = encoding ? `-${encoding}` : ''
  return `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}${coding}"`
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '')

/** If-None-Match: `*`, or a list of tags compared weakly (RFC 9110 13.1.2). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => opaque(tag) === opaque(etag))
}

/** Opens a file; undefined when it does not exist (a variant that was not written). */
function open(path: string): number | undefined {
  try {
    return openSync(path, 'r')
  } catch {
    return undefined
  }
}

/**
 * The representation to send: the build's brotli or gzip copy (decision 026) when the request
 * accepts it, the file itself otherwise. Each one is opened and measured through its descriptor,
 * so a site swapped by a publish meanwhile cannot mix one version's length with another's bytes.
 * A tenant's page has a brotli copy only (decision 105): a client that accepts gzip and not
 * brotli gets the file gzipped as it is sent (`onTheFly`). The brotli copy says the file is
 * worth compressing (the build writes one only for text of 1 KiB or more that it shrinks).
 */
function representation(request: IncomingMessage, file: string) {
  const variants = new Map<Encoding, number>()
  for (const encoding of ENCODINGS) {
    const fd = open(file + VARIANT_SUFFIX[encoding])
    if (fd !== undefined) variants.set(encoding, fd)
  }
  const brotliOnly = variants.has('br') && !variants.has('gzip')
  const offered = [...variants.keys(), ...(brotliOnly ? (['gzip'] as const) : [])]
  const encoding = pickEncoding(request.headers['accept-encoding'], offered)
  for (const [other, fd] of variants) if (other !== encoding) closeSync(fd)
  const onTheFly = encoding === 'gzip' && brotliOnly
  const fd = encoding && !onTheFly ? (variants.get(encoding) as number) : openSync(file, 'r')
  return { fd, encoding, onTheFly, varies: variants.size > 0 }
}

export function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  file: string,
  options: SendOptions,
): void {
  const { fd, encoding, onTheFly, varies } = representation(request, file)
  const stat = fstatSync(fd)
  const status = options.status ?? 200
  const headers: Record<string, string> = {
    'content-type': contentType(file),
    'x-content-type-options': 'nosniff',
    ...options.headers,
    // the server's own choice, after the site's rules: a 404 under /_astro/ is not immutable
    'cache-control': options.cache,
  }
  if (varies) headers.vary = 'Accept-Encoding'
  if (status === 200) {
    // gzipped on the fly: the same bytes for the same file, but only as long as zlib is the same
    const etag = `${onTheFly ? 'W/' : ''}${etagOf(stat.size, stat.mtimeMs, encoding)}`
    headers.etag = etag
    headers['last-modified'] = stat.mtime.toUTCString()
    if (matchesEtag(request.headers['if-none-match'], etag)) {
      closeSync(fd)
      response.writeHead(304, headers)
      response.end()
      return
    }
  }
  if (encoding) headers['content-encoding'] = encoding
  // gzipped as it goes: its length is known only at the end (chunked)
  if (!onTheFly) headers['content-length'] = String(stat.size)
  response.writeHead(status, headers)
  if (request.method === 'HEAD') {
    closeSync(fd)
    response.end()
    return
  }
  const stream = createReadStream('', { fd })
  // a visitor who leaves mid-way: the descriptor is closed now, not when the stream is collected
  response.on('close', () => stream.destroy())
  if (!onTheFly) {
    stream.on('error', () => response.destroy())
    stream.pipe(response)
    return
  }
  pipeline(stream, createGzip({ level: LEVELS.pages.gzip }), response, (error) => {
    if (error) response.destroy()
  })
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
