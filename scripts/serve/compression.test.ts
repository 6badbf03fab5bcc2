import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headersFor, parseHeaders } from '#site/headers/headers-file'
import { type RawAnswer, rawRequest } from '#support/raw-request'
import { makeSites, startTestServe, type TestServe } from '#support/serve'
import { tenantSnapshot } from '#support/tenant-snapshot'
import { compressTree } from '../build-sites/compress'
import { LEVELS } from '../build-sites/compress-levels'
import { writeSiteHeaders } from '../build-sites/site-headers'

// Decision 026: the build writes brotli and gzip copies, the sites server picks one by
// Accept-Encoding; a tenant's page has a brotli copy only (decision 105) and is gzipped as it is
// sent. The tree is compressed by the build's own step, then served by the real server.
const html = `<!doctype html><h1>Accueil</h1>${'<p>Une page de salon de beauté.</p>'.repeat(80)}`
const script = `export const rows=[${Array.from({ length: 300 }, (_, i) => `{id:${i}}`).join(',')}];`
const sites = makeSites({
  'a.localhost/index.html': html,
  'a.localhost/404.html': `<h1>Introuvable</h1>${'<p>Cette page n’existe pas.</p>'.repeat(60)}`,
  'a.localhost/robots.txt': `User-agent: *\n${'Allow: /\n'.repeat(200)}`,
  'a.localhost/tiny.svg': '<svg/>',
  '_astro/app.abc123.js': script,
  '_maintenance/index.html': '<h1>Maintenance</h1>',
})
let serve: TestServe | undefined
beforeAll(async () => {
  await compressTree(join(sites.dir, 'a.localhost'))
  await compressTree(join(sites.dir, '_astro'), undefined, { effort: 'shared' })
  const snapshot = tenantSnapshot('maison-lumiere.localhost')
  await writeSiteHeaders(join(sites.dir, 'a.localhost'), snapshot, {
    PUBLIC_BACKOFFICE_ORIGINS: '',
  })
  serve = await startTestServe(sites.dir)
})
afterAll(async () => {
  await serve?.close()
  sites.remove()
})

/** A request to the sites server whose body is kept as the bytes on the wire (no decoding). */
function get(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  const port = serve?.port ?? 0
  return rawRequest(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { host: 'a.localhost', ...headers },
  })
}

const decoders = { br: brotliDecompressSync, gzip: gunzipSync } as const

describe('serve: compressed answers (decision 026)', () => {
  for (const [encoding, decode] of Object.entries(decoders)) {
    it(`sends the ${encoding} copy of a script, whose bytes decode to the file`, async () => {
      for (const [path, identity] of [
        ...(encoding === 'br' ? [['/', html] as const] : []),
        ['/_astro/app.abc123.js', script] as const,
      ]) {
        const answer = await get(path, { 'accept-encoding': encoding })
        expect(answer.status, path).toBe(200)
        expect(answer.headers['content-encoding'], path).toBe(encoding)
        expect(answer.headers.vary, path).toBe('Accept-Encoding')
        expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length)
        expect(answer.bytes.length).toBeLessThan(Buffer.byteLength(identity) / 2)
        expect(decode(answer.bytes).toString('utf8')).toBe(identity)
      }
    })
  }

  it('gzips a page as it sends it to a client without brotli: no copy on the disk', async () => {
    expect(existsSync(join(sites.dir, 'a.localhost', 'index.html.br'))).toBe(true)
    expect(existsSync(join(sites.dir, 'a.localhost', 'index.html.gz'))).toBe(false)
    const answer = await get('/', { 'accept-encoding': 'gzip, deflate' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(answer.headers.vary).toBe('Accept-Encoding')
    expect(answer.headers['content-length']).toBeUndefined()
    expect(answer.headers['transfer-encoding']).toBe('chunked')
    expect(gunzipSync(answer.bytes).toString('utf8')).toBe(html)
    expect(answer.bytes).toEqual(gzipSync(Buffer.from(html), { level: LEVELS.pages.gzip }))
    // a weak tag of its own, which revalidates it; the 404 page is gzipped the same way
    const tag = String(answer.headers.etag)
    expect(tag).toMatch(/^W\/"[^"]+-gzip"$/)
    const again = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': tag })
    expect(again.status).toBe(304)
    expect(again.headers.etag).toBe(tag)
    const missing = await get('/nope', { 'accept-encoding': 'gzip' })
    expect(missing.status).toBe(404)
    expect(gunzipSync(missing.bytes).toString()).toContain('Introuvable')
    // below 1 KiB, or not a compressed type: no copy, so sent as it is
    expect(
      (await get('/tiny.svg', { 'accept-encoding': 'gzip' })).headers['content-encoding'],
    ).toBe(undefined)
  })

  it('prefers brotli when both are accepted, and sends identity without Accept-Encoding', async () => {
    const both = await get('/', { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(both.headers['content-encoding']).toBe('br')
    const plain = await get('/')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Accept-Encoding')
    expect(plain.bytes.toString('utf8')).toBe(html)
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(html))
    const refused = await get('/', { 'accept-encoding': 'br;q=0, gzip;q=0' })
    expect(refused.headers['content-encoding']).toBeUndefined()
  })

  it('compresses HTML, JS, CSS, SVG, JSON and XML of 1 KiB or more only', async () => {
    expect((await get('/tiny.svg', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe(
      undefined,
    )
    expect((await get('/tiny.svg', { 'accept-encoding': 'br' })).headers.vary).toBeUndefined()
    // robots.txt is text, but not one of the types the build compresses
    const robots = await get('/robots.txt', { 'accept-encoding': 'br' })
    expect(robots.headers['content-encoding']).toBeUndefined()
  })

  it('compresses the 404 page too, and HEAD gets the headers of the GET', async () => {
    const missing = await get('/nope', { 'accept-encoding': 'br' })
    expect(missing.status).toBe(404)
    expect(missing.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(missing.bytes).toString()).toContain('Introuvable')
    for (const encoding of ['br', 'gzip']) {
      const head = await get('/', { 'accept-encoding': encoding }, 'HEAD')
      const full = await get('/', { 'accept-encoding': encoding })
      expect(head.bytes.length).toBe(0)
      expect(head.headers['content-encoding']).toBe(encoding)
      expect(head.headers['content-length']).toBe(full.headers['content-length'])
      expect(head.headers.etag).toBe(full.headers.etag)
    }
  })
})

describe('serve: cache policy (decision 026)', () => {
  it('revalidates pages by a strong ETag per representation: 304 on a match', async () => {
    const plain = await get('/')
    const br = await get('/', { 'accept-encoding': 'br' })
    expect(plain.headers['cache-control']).toBe('no-cache')
    const tags = [plain.headers.etag, br.headers.etag].map(String)
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/)
    expect(tags[0]).not.toBe(tags[1])
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': tags[1] ?? '' })
    expect(again.status).toBe(304)
    expect(again.bytes.length).toBe(0)
    expect(again.headers.etag).toBe(tags[1])
    expect(again.headers.vary).toBe('Accept-Encoding')
    // a list, a weak form of the same tag, and *
    const list = `"nope", W/${tags[1]}`
    expect((await get('/', { 'accept-encoding': 'br', 'if-none-match': list })).status).toBe(304)
    expect((await get('/', { 'if-none-match': '*' })).status).toBe(304)
    // the brotli tag does not validate the identity bytes
    expect((await get('/', { 'if-none-match': tags[1] ?? '' })).status).toBe(200)
  })

  it('keeps hashed assets for a year, immutable, compressed or not', async () => {
    for (const headers of [{}, { 'accept-encoding': 'br' }]) {
      const js = await get('/_astro/app.abc123.js', headers)
      expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
  })

  it('never keeps a missing hashed asset: its 404 is revalidated', async () => {
    const missing = await get('/_astro/gone.abc123.js', { 'accept-encoding': 'br' })
    expect(missing.status).toBe(404)
    expect(missing.headers['cache-control']).toBe('no-cache')
  })

  it("sends the cache headers the site's _headers file gives a CDN", async () => {
    const rules = parseHeaders(readFileSync(join(sites.dir, 'a.localhost', '_headers'), 'utf8'))
    for (const path of ['/', '/_astro/app.abc123.js', '/nope']) {
      const answer = await get(path, { 'accept-encoding': 'br' })
      expect(answer.headers['cache-control'], path).toBe(headersFor(rules, path)['Cache-Control'])
    }
  })
})
