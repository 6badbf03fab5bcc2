import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CompanyRow, type GiftRow, gifts } from '#server/db/schema/index.ts'
import { createPendingGift } from '#server/services/gifts/index.ts'
import { providerBearer } from '#server/test/content.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import {
  enableGifts,
  insertBookingOrder,
  insertCart,
  newCustomer,
  paidGift as paid,
} from '#server/test/orders.ts'

let t: TestApi
let alpha: CompanyRow
let buyer: { id: string; token: string }
let other: { id: string; token: string }
const purchase = { themeId: 'th1', amount: 5000, to: 'Léa', email: 'lea@example.com' }
const paidGift = (customerId: string | undefined, over: { amount?: number } = {}) =>
  paid(t.db, alpha, {
    ...over,
    fromName: 'Camille',
    ...(customerId ? { purchaserCustomerId: customerId } : {}),
  })

beforeAll(async () => {
  t = await startTestApi()
  alpha = await enableGifts(t.db, 'alpha.localhost')
  buyer = await newCustomer(t.db, 'alpha.localhost')
  other = await newCustomer(t.db, 'alpha.localhost')
})
afterAll(() => t.close())

const A = { company: 'alpha-token' }

describe('GET /api/gifts/check/:code', () => {
  it('answers the voucher and whether it is usable, the code typed loosely', async () => {
    const gift = await paidGift(buyer.id)
    const typed = `${gift.code.slice(0, 4)}-${gift.code.slice(4, 8).toLowerCase()} ${gift.code.slice(8)}`
    const res = await t.call(`/api/gifts/check/${encodeURIComponent(typed)}`, A)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      usable: true,
      gift: {
        id: gift.id,
        code: gift.code,
        to: 'Léa',
        email: 'lea@example.com',
        from: 'Camille',
        amount: { amount: 5000, currency: 'EUR' },
        remaining: { amount: 5000, currency: 'EUR' },
        themeId: 'th1',
      },
    })
  })

  it('says not usable when spent or expired', async () => {
    const spent = await paidGift(undefined)
    await t.db.update(gifts).set({ remainingCents: 0 }).where(eq(gifts.id, spent.id))
    const old = await paidGift(undefined)
    await t.db.update(gifts).set({ validUntil: '2020-01-01' }).where(eq(gifts.id, old.id))
    for (const gift of [spent, old]) {
      const res = await t.call(`/api/gifts/check/${gift.code}`, A)
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ usable: false })
    }
  })

  it('404 for an unknown code, another company’s code, or without company 400', async () => {
    const gift = await paidGift(undefined)
    expect(await t.call('/api/gifts/check/NOPENOPENOPE', A)).toMatchObject({
      status: 404,
      body: { code: 404, type: 'giftNotFound' },
    })
    expect((await t.call(`/api/gifts/check/${gift.code}`, { company: 'beta-token' })).status).toBe(
      404,
    )
    expect((await t.call(`/api/gifts/check/${gift.code}`)).status).toBe(400)
  })
})

describe('GET /api/gifts/nbused/:code/:serviceId', () => {
  it('counts the live appointments booked with the voucher for that service', async () => {
    const gift = await paidGift(undefined)
    const lower = gift.code.toLowerCase()
    await insertBookingOrder(t.db, 'alpha.localhost', { customerId: null, giftCode: lower })
    await insertBookingOrder(t.db, 'alpha.localhost', { customerId: null, giftCode: gift.code })
    await insertBookingOrder(t.db, 'alpha.localhost', {
      customerId: null,
      giftCode: gift.code,
      status: 'cancelled',
    })
    await insertBookingOrder(t.db, 'alpha.localhost', {
      customerId: null,
      giftCode: gift.code,
      serviceId: 'a9',
    })
    const res = await t.call(`/api/gifts/nbused/${gift.code}/a1`, A)
    expect(res).toMatchObject({ status: 200, body: { nbUsed: 2 } })
    expect((await t.call(`/api/gifts/nbused/${gift.code}/zz`, A)).body).toEqual({ nbUsed: 0 })
    expect((await t.call('/api/gifts/nbused/NOPENOPENOPE/a1', A)).status).toBe(404)
  })
})

describe('GET /api/gifts and /api/gifts/giftHistory', () => {
  let mine: GiftRow[]
  beforeAll(async () => {
    const customer = await newCustomer(t.db, 'alpha.localhost')
    buyer = customer
    mine = []
    for (const amount of [1000, 2000, 3000]) mine.push(await paidGift(customer.id, { amount }))
    await paidGift(other.id)
    // A voucher still waiting for its payment is not a purchase yet.
    const cartId = await insertCart(t.db, 'alpha.localhost', { purpose: 'gift', shopId: 's1' })
    await t.db.transaction((tx) =>
      createPendingGift(tx, {
        company: alpha,
        purchase,
        cartId,
        purchaserCustomerId: customer.id,
      }),
    )
  })

  it('lists the customer’s paid vouchers, newest first', async () => {
    const res = await t.call('/api/gifts', { ...A, bearer: buyer.token })
    expect(res.status).toBe(200)
    const ids = (res.body as { id: string }[]).map((g) => g.id)
    expect(ids.sort()).toEqual(mine.map((g) => g.id).sort())
  })

  it('pages the history', async () => {
    const page1 = await t.call('/api/gifts/giftHistory?page=1&itemPerPage=2', {
      ...A,
      bearer: buyer.token,
    })
    expect(page1.status).toBe(200)
    expect(page1.body).toMatchObject({ total: 3, page: 1, itemPerPage: 2 })
    const page2 = await t.call('/api/gifts/giftHistory?page=2&itemPerPage=2', {
      ...A,
      bearer: buyer.token,
    })
    const items = [
      ...(page1.body as { items: { id: string }[] }).items,
      ...(page2.body as { items: { id: string }[] }).items,
    ]
    expect(items.map((g) => g.id).sort()).toEqual(mine.map((g) => g.id).sort())
    const defaults = await t.call('/api/gifts/giftHistory', { ...A, bearer: buyer.token })
    expect(defaults.body).toMatchObject({ total: 3, page: 1, itemPerPage: 20 })
  })

  it('refuses bad paging, no session, a provider session and another company’s session', async () => {
    const as = { ...A, bearer: buyer.token }
    for (const q of ['page=0', 'itemPerPage=101', 'page=x']) {
      expect(await t.call(`/api/gifts/giftHistory?${q}`, as)).toMatchObject({
        status: 400,
        body: { type: 'invalidInput' },
      })
    }
    expect((await t.call('/api/gifts', A)).status).toBe(401)
    const staff = await providerBearer(t.db, 'alpha.localhost')
    expect(await t.call('/api/gifts', { ...A, bearer: staff })).toMatchObject({
      status: 401,
      body: { type: 'wrongAccountKind' },
    })
    expect(
      (await t.call('/api/gifts', { company: 'beta-token', bearer: buyer.token })).status,
    ).toBe(401)
  })
})
