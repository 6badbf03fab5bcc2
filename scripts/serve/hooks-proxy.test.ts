import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGNATURE_TOLERANCE_S, signEvent } from '#contract/publish-signature'
import { makeSites, raw, startTestServe, type TestServe } from '#support/serve'

const SECRET = 'test-secret'
const sites = makeSites({ 'a.localhost/index.html': 'A' })

interface Seen {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}
const seen: Seen[] = []
// A stand-in API on its own loopback port: echoes what it received and answers 201.
const api = createServer((request, response) => {
  let body = ''
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString()
  })
  request.on('end', () => {
    seen.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body,
    })
    response.writeHead(201, { 'content-type': 'application/json', 'x-api': 'yes' })
    response.end(JSON.stringify({ echoed: body }))
  })
})
let serve: TestServe
let dead: TestServe

beforeAll(async () => {
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
  serve = await startTestServe(sites.dir, { apiUrl, secret: SECRET })
  dead = await startTestServe(sites.dir, { apiUrl: 'http://127.0.0.1:1', secret: SECRET })
})
afterAll(async () => {
  await serve.close()
  await dead.close()
  await new Promise((resolve) => api.close(resolve))
  sites.remove()
})

const hook = (body: string, headers: Record<string, string> = {}) =>
  raw(serve.port, '/_hooks/publish', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  })

describe('serve: publish webhooks', () => {
  const event = JSON.stringify({
    host: 'a.localhost',
    kind: 'posts',
    id: '7',
    action: 'create',
    languages: ['fr'],
    at: '2026-11-29T12:00:00.000Z',
  })

  const signed = async (body: string, options: { t?: number; id?: string } = {}) => ({
    'x-signature': await signEvent(body, SECRET, options),
  })

  it('refuses an unsigned or wrongly signed publish with 401 and queues nothing', async () => {
    expect((await hook(event)).status).toBe(401)
    const other = { 'x-signature': await signEvent(event, 'other-secret') }
    expect((await hook(event, other)).status).toBe(401)
    expect((await hook(event, { 'x-signature': 'zz' })).status).toBe(401)
    // signed for another body: the signature covers the exact bytes
    const forged = event.replace('a.localhost', 'b.localhost')
    expect((await hook(forged, await signed(event))).status).toBe(401)
    await serve.queue.idle()
    expect(serve.built).toEqual([])
  })

  it('refuses a publish signed outside the time window with 401 and queues nothing', async () => {
    const now = Math.floor(Date.now() / 1000)
    const late = await hook(event, await signed(event, { t: now - SIGNATURE_TOLERANCE_S - 5 }))
    expect(late.status).toBe(401)
    expect(JSON.parse(late.body)).toEqual({ code: 401, message: 'Signature expired.' })
    const early = await hook(event, await signed(event, { t: now + SIGNATURE_TOLERANCE_S + 5 }))
    expect(early.status).toBe(401)
    await serve.queue.idle()
    expect(serve.built).toEqual([])
  })

  it('accepts a rightly signed publish with 202 and rebuilds that tenant alone', async () => {
    const answer = await hook(event, await signed(event))
    expect(answer.status).toBe(202)
    expect(JSON.parse(answer.body)).toEqual({ host: 'a.localhost', state: 'queued' })
    await serve.queue.idle()
    expect(serve.built).toEqual(['a.localhost'])
  })

  it('refuses a delivery replayed within the window with 409, also in a parallel burst', async () => {
    const headers = await signed(event, { id: 'replayed-delivery-1' })
    expect((await hook(event, headers)).status).toBe(202)
    await serve.queue.idle()
    const builds = serve.built.length
    const again = await hook(event, headers)
    expect(again.status).toBe(409)
    expect(JSON.parse(again.body)).toEqual({ code: 409, message: 'Delivery already received.' })

    // Ten copies of one fresh delivery at once: one is accepted.
    const burst = await signed(event, { id: 'replayed-delivery-2' })
    const answers = await Promise.all(Array.from({ length: 10 }, () => hook(event, burst)))
    expect(answers.map((a) => a.status).sort()).toEqual([202, ...Array(9).fill(409)])
    await serve.queue.idle()
    expect(serve.built.length).toBe(builds + 1)
  })

  it('answers 400 to a signed body that is not a publish event, and queues nothing', async () => {
    const valid = JSON.parse(event) as Record<string, unknown>
    const { languages: _, ...older } = valid
    const builds = serve.built.length
    for (const bad of [
      'not json',
      JSON.stringify({ host: '../etc', kind: 'posts' }),
      JSON.stringify({ ...valid, host: '../etc' }),
      JSON.stringify({ ...valid, kind: 'everything' }),
      JSON.stringify({ ...valid, languages: ['xx'] }),
      JSON.stringify({ ...valid, at: undefined }),
      JSON.stringify({ ...older, id: '' }),
    ]) {
      const answer = await hook(bad, await signed(bad))
      expect(answer.status, bad).toBe(400)
      expect(JSON.parse(answer.body)).toEqual({ code: 400, message: 'Not a valid publish event.' })
    }
    await serve.queue.idle()
    expect(serve.built.length).toBe(builds)
    // An event recorded before `languages` existed is still one (every language).
    expect((await hook(JSON.stringify(older), await signed(JSON.stringify(older)))).status).toBe(
      202,
    )
  })

  it('answers 405 to other methods', async () => {
    expect((await raw(serve.port, '/_hooks/publish')).status).toBe(405)
  })
})

describe('serve: API proxy', () => {
  it('streams /api calls to the API with method, headers, body and status kept', async () => {
    const answer = await raw(serve.port, '/api/posts?limit=2', {
      host: 'a.localhost:4321',
      method: 'PUT',
      body: '{"x":1}',
      headers: { company: 'tok', authorization: 'Bearer b', 'content-type': 'application/json' },
    })
    expect(answer.status).toBe(201)
    expect(answer.headers['x-api']).toBe('yes')
    expect(JSON.parse(answer.body)).toEqual({ echoed: '{"x":1}' })
    const got = seen.at(-1)
    expect(got?.method).toBe('PUT')
    expect(got?.url).toBe('/api/posts?limit=2')
    expect(got?.headers.company).toBe('tok')
    expect(got?.headers.authorization).toBe('Bearer b')
    expect(got?.headers['x-forwarded-host']).toBe('a.localhost:4321')
  })

  it('proxies /storage (images) whatever the host, and answers 502 when the API is down', async () => {
    await raw(serve.port, '/storage/a.localhost/images/x.svg', { host: 'unknown.localhost' })
    expect(seen.at(-1)?.url).toBe('/storage/a.localhost/images/x.svg')
    const down = await raw(dead.port, '/api/companies/me')
    expect(down.status).toBe(502)
    expect(JSON.parse(down.body)).toMatchObject({ code: 502 })
  })
})
