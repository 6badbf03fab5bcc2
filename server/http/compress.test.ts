import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { rawRequest } from '#support/raw-request.ts'
import { makeSites, startTestServe } from '#support/serve.ts'
import { compressJson, INLINE_MAX_BYTES, MIN_BYTES } from './compress.ts'

/** Decision 026: the API's JSON answers compressed by Accept-Encoding. */

const big = { rows: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Soin ${i}` })) }
/** Over the inline bound: compressed on the thread pool instead of the main thread. */
const huge = { rows: Array.from({ length: 4000 }, (_, i) => ({ id: i, name: `Soin ${i}` })) }

/** The middleware alone on a small app. */
function small(): Hono {
  const app = new Hono()
  app.use(compressJson())
  app.get('/big', (c) => c.json(big))
  app.get('/huge', (c) => c.json(huge))
  app.get('/tiny', (c) => c.json({ ok: true }))
  app.get('/text', (c) => c.text('x'.repeat(4000)))
  app.get('/encoded', (c) =>
    c.body('{}'.repeat(1000), 200, {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    }),
  )
  app.get('/no-transform', (c) => c.json(big, 200, { 'cache-control': 'no-store, no-transform' }))
  app.get('/events', (c) =>
    c.body(new ReadableStream({ start: (s) => s.close() }), 200, {
      'content-type': 'text/event-stream',
    }),
  )
  app.get('/problem', (c) => c.json(big, 400, { 'content-type': 'application/problem+json' }))
  app.get('/boom', () => {
    throw new Error('boom')
  })
  app.onError((_e, c) => c.json({ code: 500, message: 'x'.repeat(2000) }, 500))
  return app
}

const get = (app: Hono, path: string, encoding?: string) =>
  app.request(path, { headers: encoding ? { 'accept-encoding': encoding } : {} })

describe('compressJson, alone', () => {
  it('brotli first, then gzip, by Accept-Encoding; identity without it', async () => {
    const app = small()
    const identity = JSON.stringify(big)
    const br = await get(app, '/big', 'gzip, deflate, br')
    expect(br.headers.get('content-encoding')).toBe('br')
    const brBytes = Buffer.from(await br.arrayBuffer())
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length)
    expect(brotliDecompressSync(brBytes).toString()).toBe(identity)
    const gz = await get(app, '/big', 'gzip')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(identity)
    const plain = await get(app, '/big')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    expect(await plain.text()).toBe(identity)
  })

  it('compresses a body over the inline bound the same way, off the main thread', async () => {
    const app = small()
    const identity = JSON.stringify(huge)
    expect(identity.length).toBeGreaterThan(INLINE_MAX_BYTES)
    expect(JSON.stringify(big).length).toBeLessThan(INLINE_MAX_BYTES)
    const br = await get(app, '/huge', 'br')
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(identity)
    const gz = await get(app, '/huge', 'gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(identity)
  })

  it('leaves tiny, non-JSON, already encoded, no-transform and streamed answers alone', async () => {
    const app = small()
    expect(JSON.stringify({ ok: true }).length).toBeLessThan(MIN_BYTES)
    for (const path of ['/tiny', '/text', '/no-transform', '/events']) {
      const answer = await get(app, path, 'br')
      expect(answer.headers.get('content-encoding'), path).toBeNull()
    }
    expect(await (await get(app, '/tiny', 'br')).json()).toEqual({ ok: true })
    expect((await get(app, '/encoded', 'br')).headers.get('content-encoding')).toBe('gzip')
  })

  it('compresses error answers and problem+json too', async () => {
    const app = small()
    expect((await get(app, '/boom', 'br')).headers.get('content-encoding')).toBe('br')
    const problem = await get(app, '/problem', 'br')
    expect(problem.status).toBe(400)
    expect(problem.headers.get('content-encoding')).toBe('br')
  })
})

/** A request whose answer is kept as the bytes on the wire (fetch would decode it). */
const wire = (url: string, headers: Record<string, string>) => rawRequest(url, { headers })

/** A demo tenant: its company answer (theme, texts, settings) is several KiB of JSON. */
const tenants = fileURLToPath(new URL('../../tenants', import.meta.url))
const LUMIERE = '1fcc937c9e0423ceb7792f3c8a1a1234'

describe('the real API', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi({ seedFrom: tenants })
  })
  afterAll(() => t.close())

  it('answers a JSON call in brotli or gzip when accepted, with the headers of decision 020', async () => {
    const url = `${t.url}/api/companies/me`
    const identity = await wire(url, { company: LUMIERE })
    expect(identity.status).toBe(200)
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.bytes.length).toBeGreaterThanOrEqual(MIN_BYTES)
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const answer = await wire(url, { company: LUMIERE, 'accept-encoding': encoding })
      expect(answer.status).toBe(200)
      expect(answer.headers['content-encoding']).toBe(encoding)
      expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length)
      expect(answer.bytes.length).toBeLessThan(identity.bytes.length)
      expect(decode(answer.bytes).equals(identity.bytes)).toBe(true)
      expect(answer.headers.vary?.split(', ').sort()).toEqual(['Accept-Encoding', 'Origin'])
      expect(answer.headers['cache-control']).toBe('no-store')
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
    }
  })

  it('answers a small body as it is', async () => {
    const health = await wire(`${t.url}/api/health`, { 'accept-encoding': 'br' })
    expect(health.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(health.bytes.toString())).toEqual({ ok: true })
  })

  it("keeps the encoding through the sites server's /api proxy", async () => {
    const sites = makeSites({ 'a.localhost/index.html': '<h1>A</h1>' })
    const serve = await startTestServe(sites.dir, { apiUrl: t.url })
    try {
      const url = `http://127.0.0.1:${serve.port}/api/companies/me`
      const direct = await wire(`${t.url}/api/companies/me`, { company: LUMIERE })
      const answer = await wire(url, {
        host: 'a.localhost',
        company: LUMIERE,
        'accept-encoding': 'br',
      })
      expect(answer.headers['content-encoding']).toBe('br')
      expect(brotliDecompressSync(answer.bytes).equals(direct.bytes)).toBe(true)
    } finally {
      await serve.close()
      sites.remove()
    }
  })
})
