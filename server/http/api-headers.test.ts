import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listCalls } from '#contract/calls/index.ts'
import { seedTenant, type Tenant } from '#server/conformance/sessions.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { apiHeaders, CORS_HEADERS, CORS_METHODS } from './api-headers.ts'

/** Decision 020: nosniff, no-store and CORS limited to the tenant's own hosts. */

const BACKOFFICE = 'https://admin.example.com'
/** The middleware alone on a small app: companies a (salon-a.example.com) and b. */
function small(): Hono {
  const hosts: Record<string, string> = {
    'a-token': 'salon-a.example.com',
    'b-token': 'b.localhost',
  }
  const app = new Hono()
  app.use(
    apiHeaders({
      backofficeOrigins: [BACKOFFICE],
      companyHost: async (token) => hosts[token],
      isCompanyHost: async (host) => Object.values(hosts).includes(host),
    }),
  )
  app.get('/api/ok', (c) => c.json({ ok: true }))
  app.get('/api/cached', (c) =>
    c.json({ ok: true }, 200, { 'cache-control': 'public, max-age=60' }),
  )
  app.get('/api/boom', () => {
    throw new Error('boom')
  })
  app.get('/storage/a/images/x.svg', (c) =>
    c.body('<svg/>', 200, { 'cache-control': 'public, max-age=86400' }),
  )
  app.get('/storage/a/images/missing.svg', (c) => c.json({ code: 404 }, 404))
  app.onError((_error, c) => c.json({ code: 500, message: 'Internal error.' }, 500))
  return app
}

const get = (app: Hono, path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers })
const preflight = (app: Hono, origin: string) =>
  app.request('/api/ok', {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, company, content-type',
    },
  })

describe('every answer: nosniff and no-store', () => {
  it('on a success, a thrown error and a route that does not exist', async () => {
    const app = small()
    for (const path of ['/api/ok', '/api/boom', '/api/nowhere']) {
      const res = await get(app, path)
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(res.headers.get('cache-control'), path).toBe('no-store')
      expect(res.headers.get('vary'), path).toContain('Origin')
    }
  })

  it('keeps a public cache only on the storage images that set one', async () => {
    const app = small()
    const image = await get(app, '/storage/a/images/x.svg')
    expect(image.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(image.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await get(app, '/storage/a/images/missing.svg')).headers.get('cache-control')).toBe(
      'no-store',
    )
    // A JSON call that sets a public cache is overruled: only the listed paths may be cached.
    expect((await get(app, '/api/cached')).headers.get('cache-control')).toBe('no-store')
  })
})

describe('CORS: the tenant’s own hosts and the back office only', () => {
  const allowOrigin = async (origin: string, company?: string) => {
    const headers: Record<string, string> = { origin }
    if (company) headers.company = company
    const res = await get(small(), '/api/ok', headers)
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    return res.headers.get('access-control-allow-origin')
  }

  it('allows the host of the company the request names, over https (any port)', async () => {
    expect(await allowOrigin('https://salon-a.example.com', 'a-token')).toBe(
      'https://salon-a.example.com',
    )
    expect(await allowOrigin('https://salon-a.example.com:8443', 'a-token')).toBe(
      'https://salon-a.example.com:8443',
    )
    expect(await allowOrigin('http://b.localhost:4321', 'b-token')).toBe('http://b.localhost:4321')
  })

  it('refuses another company’s host, a foreign host, http off localhost, null', async () => {
    expect(await allowOrigin('https://salon-a.example.com', 'b-token')).toBeNull()
    expect(await allowOrigin('http://b.localhost:4321', 'a-token')).toBeNull()
    expect(await allowOrigin('https://evil.example', 'a-token')).toBeNull()
    expect(await allowOrigin('https://salon-a.example.com.evil.example', 'a-token')).toBeNull()
    expect(await allowOrigin('http://salon-a.example.com', 'a-token')).toBeNull()
    expect(await allowOrigin('null', 'a-token')).toBeNull()
    expect(await allowOrigin('https://unknown.example', 'nope')).toBeNull()
  })

  it('without a company header (token by host), allows any company’s host, no stranger', async () => {
    expect(await allowOrigin('https://salon-a.example.com')).toBe('https://salon-a.example.com')
    expect(await allowOrigin('http://b.localhost:4321')).toBe('http://b.localhost:4321')
    expect(await allowOrigin('https://evil.example')).toBeNull()
    expect(await allowOrigin('http://salon-a.example.com')).toBeNull()
  })

  it('allows the back office origin exactly, with or without a company', async () => {
    expect(await allowOrigin(BACKOFFICE)).toBe(BACKOFFICE)
    expect(await allowOrigin(BACKOFFICE, 'a-token')).toBe(BACKOFFICE)
    expect(await allowOrigin(`${BACKOFFICE}:444`)).toBeNull()
    expect(await allowOrigin('https://admin.example.com.evil.example')).toBeNull()
  })

  it('answers a preflight from a company host or the back office, 204, no credentials', async () => {
    for (const origin of ['https://salon-a.example.com', 'http://b.localhost:4321', BACKOFFICE]) {
      const res = await preflight(small(), origin)
      expect(res.status, origin).toBe(204)
      expect(res.headers.get('access-control-allow-origin')).toBe(origin)
      expect(res.headers.get('access-control-allow-methods')).toBe(CORS_METHODS)
      expect(res.headers.get('access-control-allow-headers')).toBe(CORS_HEADERS)
      expect(res.headers.get('access-control-max-age')).toBe('600')
      expect(res.headers.get('access-control-allow-credentials')).toBeNull()
      expect(res.headers.get('vary')).toContain('Origin')
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })

  it('answers a foreign preflight 204 with no allow header at all', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://salon-a.example.com']) {
      const res = await preflight(small(), origin)
      expect(res.status).toBe(204)
      const allow = [...res.headers.keys()].filter((name) => name.startsWith('access-control-'))
      expect(allow, origin).toEqual([])
    }
  })
})

describe('the real API', () => {
  let t: TestApi
  let a: Tenant
  beforeAll(async () => {
    t = await startTestApi({ config: { backofficeOrigins: [BACKOFFICE] } })
    a = await seedTenant(t, 'alpha')
    await seedTenant(t, 'beta')
  })
  afterAll(() => t.close())

  const send = (path: string, init: { headers?: Record<string, string>; method?: string } = {}) =>
    fetch(`${t.url}${path}`, init)

  it('sends nosniff and no-store on one call of every service group and session kind', async () => {
    const requests: [string, Record<string, string>, string?][] = [
      ['/api/companies/me', { company: a.token }],
      ['/api/articles/artebeaute', { company: a.token }],
      ['/api/users/me', { company: a.token, authorization: `Bearer ${a.bearers.customer}` }],
      ['/api/cmpusers/me', { company: a.token, authorization: `Bearer ${a.bearers.provider}` }],
      ['/api/eshop/my-orders', { company: a.token, authorization: `Bearer ${a.bearers.customer}` }],
      ['/api/payment/initialize', { company: a.token }, 'POST'],
      ['/api/users/me', { company: a.token }],
      ['/api/nowhere', {}],
    ]
    // one call of each group of the contract, without a session: refusals carry them too
    for (const group of ['marketplace', 'booking', 'bookingAdmin'] as const) {
      const entry = listCalls().find((e) => e.def.group === group && !e.def.path.includes(':'))
      if (entry) requests.push([entry.def.path, { company: a.token }, entry.def.method])
    }
    for (const [path, headers, method] of requests) {
      const res = await send(path, { headers, ...(method ? { method } : {}) })
      const label = `${method ?? 'GET'} ${path} ${res.status}`
      expect(res.status, label).toBeLessThan(500)
      expect(res.headers.get('x-content-type-options'), label).toBe('nosniff')
      expect(res.headers.get('cache-control'), label).toBe('no-store')
    }
  })

  it('keeps the public cache of tenant images, with nosniff', async () => {
    const res = await send('/storage/bains-du-lac.localhost/images/category-hammam-rituels.svg')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('lets alpha’s site read alpha’s answers, not beta’s site nor a stranger', async () => {
    const read = async (origin: string) =>
      (await send('/api/companies/me', { headers: { origin, company: a.token } })).headers.get(
        'access-control-allow-origin',
      )
    expect(await read('http://alpha.localhost:4321')).toBe('http://alpha.localhost:4321')
    expect(await read(BACKOFFICE)).toBe(BACKOFFICE)
    expect(await read('http://beta.localhost:4321')).toBeNull()
    expect(await read('https://evil.example')).toBeNull()
    // before the company is known: the site of any company, by host
    const byHost = await send('/api/companies/token/host/alpha.localhost', {
      headers: { origin: 'http://alpha.localhost:4321' },
    })
    expect(byHost.headers.get('access-control-allow-origin')).toBe('http://alpha.localhost:4321')
    const stranger = await send('/api/companies/token/host/alpha.localhost', {
      headers: { origin: 'https://evil.example' },
    })
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers preflights from a tenant host, and none for a stranger', async () => {
    const pre = (origin: string) =>
      send('/api/users/me', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      })
    const own = await pre('http://beta.localhost:4321')
    expect(own.status).toBe(204)
    expect(own.headers.get('access-control-allow-origin')).toBe('http://beta.localhost:4321')
    const foreign = await pre('https://evil.example')
    expect(foreign.status).toBe(204)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    expect(foreign.headers.get('access-control-allow-methods')).toBeNull()
  })
})
