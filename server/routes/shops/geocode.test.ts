import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

/**
 * The geocoding seam (docs/decisions/083-catalogue-checks.md) against a local fake answering
 * Nominatim's search shape: what the API asks, what it answers, and its refusals.
 */
const tenants = fileURLToPath(new URL('../../../tenants', import.meta.url))
const BAINS = '8796c37fe6734d21e38b5f59cf18c612'
const PASSWORD = 'demo-provider-2026'

const asked: URLSearchParams[] = []
let fake: Server
let t: TestApi
let bare: TestApi

function nominatimFake(): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    asked.push(url.searchParams)
    if (url.pathname !== '/search' || req.headers['user-agent'] === undefined) {
      res.writeHead(400).end()
      return
    }
    const city = url.searchParams.get('city')
    const places =
      city === 'Annecy'
        ? [{ lat: '45.8992', lon: '6.1294', display_name: 'Annecy, France' }]
        : city === 'Broken'
          ? [{ lat: 'north', lon: '6' }]
          : []
    res.writeHead(city === 'Down' ? 503 : 200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(places))
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

async function signIn(api: TestApi, email: string): Promise<string> {
  const res = await api.call('/api/cmpusers/login', {
    company: BAINS,
    json: { email, password: PASSWORD },
  })
  return (res.body as { token: string }).token
}

beforeAll(async () => {
  fake = await nominatimFake()
  const { port } = fake.address() as AddressInfo
  t = await startTestApi({ seedFrom: tenants, config: { geocoderUrl: `http://127.0.0.1:${port}` } })
  bare = await startTestApi({ seedFrom: tenants })
})
afterAll(async () => {
  await Promise.all([t.close(), bare.close()])
  await new Promise((resolve) => fake.close(resolve))
})

const address = { address: '12 rue Royale', zipcode: '74000', city: 'Annecy', country: 'France' }

const geocode = async (api: TestApi, bearer: string, body: unknown) =>
  api.call('/api/shops/geocode', { company: BAINS, bearer, json: body })

describe('POST /api/shops/geocode', () => {
  it("answers the provider's best place, asking it by the address's parts", async () => {
    const owner = await signIn(t, 'sophie.girard@bains-du-lac.example')
    asked.length = 0
    const res = await geocode(t, owner, address)
    expect(res).toEqual({ status: 200, body: { position: { lat: 45.8992, lng: 6.1294 } } })
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({
      format: 'jsonv2',
      limit: '1',
      street: '12 rue Royale',
      postalcode: '74000',
      city: 'Annecy',
      country: 'France',
    })
  })

  it('answers null for an unknown address, a failing provider, a malformed answer', async () => {
    const manager = await signIn(t, 'marc.perrin@bains-du-lac.example')
    for (const city of ['Nowhere', 'Down', 'Broken']) {
      expect((await geocode(t, manager, { ...address, city })).body).toEqual({ position: null })
    }
  })

  it('answers null without a geocoder configured', async () => {
    const owner = await signIn(bare, 'sophie.girard@bains-du-lac.example')
    expect((await geocode(bare, owner, address)).body).toEqual({ position: null })
  })

  it('refuses a practitioner, a visitor and a malformed address', async () => {
    const practitioner = await signIn(t, 'elodie.roux@bains-du-lac.example')
    expect((await geocode(t, practitioner, address)).status).toBe(403)
    const anonymous = await t.call('/api/shops/geocode', { company: BAINS, json: address })
    expect(anonymous.status).toBe(401)
    const owner = await signIn(t, 'sophie.girard@bains-du-lac.example')
    expect((await geocode(t, owner, { city: 42 })).status).toBe(400)
  })
})
