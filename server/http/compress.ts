import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { type Encoding, pickEncoding } from '#domain/web/accept-encoding.ts'

/**
 * The API's JSON answers compressed for clients that accept it (docs/decisions/026-*), brotli
 * first, gzip otherwise. Not compressed: bodies under MIN_BYTES (the headers cost more than
 * the bytes saved), anything not JSON (images, a stream, an event stream), an answer already
 * encoded or marked `no-transform`, HEAD and bodiless statuses.
 */
export const MIN_BYTES = 1024

/** JSON in every spelling the API sends: application/json, application/problem+json. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i

/**
 * Per request, so the cost is paid on every answer: on a week of availability (8 KB) brotli at 5
 * took 51 µs and gave 491 bytes, at 4 83 µs and 575 bytes, gzip 56 µs and 548 bytes (the sites'
 * files are compressed once at build time, at 11). Figures: docs/benchmarks.md.
 */
const BROTLI_QUALITY = 5

/**
 * Up to this size a body is compressed on the main thread: the thread-pool path cost about
 * 340 µs of CPU per 8 KB answer against 50–80 µs in line (stream and encoder set-up per call),
 * which was a quarter of the API's CPU per availability read. Larger bodies go to the pool so
 * that one big answer does not hold up the event loop.
 */
export const INLINE_MAX_BYTES = 32 * 1024

const brotliOptions = (bytes: Uint8Array) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  },
})
const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

async function encode(encoding: Encoding, bytes: Uint8Array): Promise<Buffer> {
  if (bytes.length <= INLINE_MAX_BYTES) {
    return encoding === 'gzip' ? gzipSync(bytes) : brotliCompressSync(bytes, brotliOptions(bytes))
  }
  return encoding === 'gzip' ? gzipAsync(bytes) : brotli(bytes, brotliOptions(bytes))
}

const BODILESS = new Set([101, 204, 205, 304])

/** A JSON answer as it goes on the wire: its body and the headers that describe it. */
export interface PackedJson {
  readonly body: Uint8Array<ArrayBuffer> | string
  readonly headers: Record<string, string>
}

/**
 * The JSON text of an answer packed for a client that sent `acceptEncoding`, as compressJson
 * would pack it, but from the text itself: a call's answer is packed where it is made, so no
 * Response body stream is built and read back on every call (docs/decisions/043-availability-answers.md).
 */
export async function packJson(
  text: string,
  acceptEncoding: string | undefined,
  head = false,
): Promise<PackedJson> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    vary: 'Accept-Encoding',
  }
  const encoding = head ? undefined : pickEncoding(acceptEncoding)
  if (!encoding || text.length < MIN_BYTES) return { body: text, headers }
  const bytes = Buffer.from(text)
  const body = new Uint8Array(await encode(encoding, bytes))
  headers['content-encoding'] = encoding
  headers['content-length'] = String(body.length)
  return { body, headers }
}

/** Reused answers' packings, per answer object and encoding (gone with the answer). */
const packings = new WeakMap<object, Map<string, PackedJson>>()

/**
 * A reused answer's JSON packed once per encoding (its text never changes:
 * docs/decisions/043-availability-answers.md).
 */
export async function packJsonOnce(
  answer: { readonly text: string },
  acceptEncoding: string | undefined,
  head = false,
): Promise<PackedJson> {
  const key = head ? 'head' : (pickEncoding(acceptEncoding) ?? '')
  let packs = packings.get(answer)
  const kept = packs?.get(key)
  if (kept) return kept
  const packed = await packJson(answer.text, acceptEncoding, head)
  if (!packs) {
    packs = new Map()
    packings.set(answer, packs)
  }
  packs.set(key, packed)
  return packed
}

export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    const type = res.headers.get('content-type') ?? ''
    if (!JSON_TYPE.test(type) || BODILESS.has(res.status)) return
    // packed where it was made (packJson), with its own Vary
    if (res.headers.has('content-encoding')) return
    if (!res.body) return
    // The answer depends on the request's Accept-Encoding from here on, compressed or not.
    res.headers.append('vary', 'Accept-Encoding')
    if (c.req.method === 'HEAD') return
    if (/\bno-transform\b/i.test(res.headers.get('cache-control') ?? '')) return
    const declared = Number(res.headers.get('content-length') ?? Number.NaN)
    if (declared < MIN_BYTES) return
    const encoding = pickEncoding(c.req.header('accept-encoding'))
    if (!encoding) return
    const bytes = new Uint8Array(await res.arrayBuffer())
    if (bytes.length < MIN_BYTES) {
      c.res = new Response(bytes, res)
      return
    }
    const packed = new Uint8Array(await encode(encoding, bytes))
    c.res = new Response(packed, res)
    // after the assignment: Hono copies the old answer's headers (its length) into the new one
    c.res.headers.set('content-encoding', encoding)
    c.res.headers.set('content-length', String(packed.length))
  }
}
