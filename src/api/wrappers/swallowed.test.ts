import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TestServer } from '#support/fake-api-server'
import { closedUrl, contextAt, startServer } from '#support/fake-api-server'
import { createApi } from '../client'
import { ApiError, HttpError } from '../errors'

let server: TestServer
let closed: string
const reported: string[] = []
const at = (url: string) =>
  createApi(
    contextAt(url, {
      companyToken: 'cmp-1',
      customerToken: 'cus-1',
      report: (_, call) => {
        reported.push(call)
      },
    }),
  )

beforeAll(async () => {
  server = await startServer()
  closed = await closedUrl()
})
afterAll(() => server.close())
beforeEach(() => {
  reported.length = 0
})

const down = { status: 500, json: { code: 500, message: 'Erreur' } }

describe('docs/product/8-errors.md swallowed errors', () => {
  it('loyalty current: the card, or null on failure', async () => {
    const card = { number: 'L-0001', points: 120 }
    server.reply('/api/loyalty/current', { json: card })
    await expect(at(server.url).loyalty.current()).resolves.toMatchObject({
      points: 120,
      paliers: [],
    })
    server.reply('/api/loyalty/current', down)
    await expect(at(server.url).loyalty.current()).resolves.toBeNull()
    expect(reported).toEqual(['loyalty.current'])
  })

  it('companies offline: the server answer, or true (offline) on failure', async () => {
    server.reply('/api/companies/offline', { json: { offline: false } })
    await expect(at(server.url).companies.offline()).resolves.toBe(false)
    await expect(at(closed).companies.offline()).resolves.toBe(true)
  })

  it('payment connect: the server answer, or false on failure', async () => {
    const input = { query: { shopId: 's1' } }
    server.reply('/api/payment/connect', { json: { connected: true } })
    await expect(at(server.url).payment.connect(input)).resolves.toBe(true)
    server.reply('/api/payment/connect', down)
    await expect(at(server.url).payment.connect(input)).resolves.toBe(false)
  })

  it('payment message update: a failure is only logged', async () => {
    const input = { body: { cartId: 'c1', message: 'Merci' } }
    server.reply('/api/payment/update-message', down)
    await expect(at(server.url).payment.updateMessage(input)).resolves.toBe(false)
    expect(reported).toEqual(['payment.updateMessage'])
  })

  it('e-shop stock: the units, or 0 when the product is unknown or the call fails', async () => {
    server.reply('/api/eshop/stock/a1/2', { json: { articleId: 'a1', stock: 7 } })
    const input = { params: { id: 'a1', qty: '2' } }
    await expect(at(server.url).eshop.stock(input)).resolves.toBe(7)
    server.reply('/api/eshop/stock/a1/2', { status: 404, json: { message: 'Produit inconnu' } })
    await expect(at(server.url).eshop.stock(input)).resolves.toBe(0)
    await expect(at(closed).eshop.stock(input)).resolves.toBe(0)
  })

  it('appointments priceTimes: the list, or [] on failure', async () => {
    const query = { customerId: 'u1', servicesId: 's1,s2', date: '2031-05-06' }
    const times = [{ serviceId: 's1', start: '09:00', end: '09:30', prices: 4500 }]
    server.reply('/api/appointments/priceTimes', { json: times })
    await expect(at(server.url).appointments.priceTimes({ query })).resolves.toEqual(times)
    expect(server.last().url.searchParams.get('servicesId')).toBe('s1,s2')
    server.reply('/api/appointments/priceTimes', {
      status: 400,
      json: { errors: { message: 'x' } },
    })
    await expect(at(server.url).appointments.priceTimes({ query })).resolves.toEqual([])
  })

  it('docs/product/5-rules.md: priceTimes without customerId answers [] without a request', async () => {
    const before = server.requests.length
    const query = { customerId: '', servicesId: 's1', date: '2031-05-06' }
    await expect(at(server.url).appointments.priceTimes({ query })).resolves.toEqual([])
    expect(server.requests.length).toBe(before)
  })
})

describe('docs/product/5-rules.md, docs/product/8-errors.md calls that are not swallowed', () => {
  it("appointments period without shop, service, start or end fails with 'param manquants'", async () => {
    const query = { shopId: '', servicesId: 's1', start: '2031-05-06', end: '2031-05-07' }
    const error = await at(server.url)
      .appointments.period({ query })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 400, message: 'param manquants' })
  })

  it('booking admin calls rethrow the raw error, and send no company header', async () => {
    server.reply('/bookingOrder/ideorder', {
      status: 403,
      json: { errors: { message: 'Interdit' } },
    })
    const error = await at(server.url)
      .bookingAdmin.byIdeorder({ query: { ideorder: 'E1' } })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status: 403, body: { errors: { message: 'Interdit' } } })
    expect(server.last().headers.company).toBeUndefined()
    expect(server.last().headers.authorization).toBe('Bearer cus-1')
  })

  it('docs/product/7-calls.md: an unwrapped call is typed from its def and validated', async () => {
    server.reply('/api/alerts', { json: [] })
    await expect(at(server.url).content.alertsList()).resolves.toEqual([])
    expect(server.last().headers.company).toBe('cmp-1')
  })
})
