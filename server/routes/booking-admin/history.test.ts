import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CompanyRow, gifts } from '#server/db/schema/index.ts'
import { activateGift, createPendingGift, redeemGift } from '#server/services/gifts/index.ts'
import { providerBearer } from '#server/test/content.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { insertBookingOrder, insertCart, newCustomer, patchBooker } from '#server/test/orders.ts'

let t: TestApi
let staff: string
let alpha: CompanyRow
const ids: Record<string, string> = {}

beforeAll(async () => {
  t = await startTestApi()
  staff = await providerBearer(t.db, 'alpha.localhost')
  alpha = await patchBooker(t.db, 'alpha.localhost', {
    gift: true,
    gifts: { themes: [{ id: 'th1', name: { fr: 'Noël' }, image: '/x.png' }] },
  })
  const ines = await newCustomer(t.db, 'alpha.localhost', 'ines@example.com', {
    profiles: [{ firstname: 'Inès', lastname: 'Moreau' }],
  })
  const paul = await newCustomer(t.db, 'alpha.localhost', 'paul@example.com', {
    profiles: [{ firstname: 'Paul', lastname: 'Durand' }],
  })
  const seeds = {
    o1: {
      customerId: ines.id,
      at: '2026-01-05T10:00:00Z',
      start: '2026-02-01T10:00',
      totalCents: 3000,
    },
    o2: {
      customerId: paul.id,
      at: '2026-01-20T10:00:00Z',
      start: '2026-01-25T09:00',
      totalCents: 9000,
      status: 'completed' as const,
    },
    o3: {
      customerId: ines.id,
      at: '2026-02-10T10:00:00Z',
      start: '2026-03-01T11:00',
      totalCents: 5000,
      shopId: 's2',
      bookerOrigin: 'backoffice',
      transactionId: 'pi_123',
    },
    o4: {
      customerId: null,
      at: '2026-02-11T10:00:00Z',
      totalCents: 2000,
      status: 'pending' as const,
    },
  }
  for (const [key, seed] of Object.entries(seeds)) {
    ids[key] = (await insertBookingOrder(t.db, 'alpha.localhost', seed)).id
  }
})
afterAll(() => t.close())

const history = async (query: string) => {
  const res = await t.call(`/bookingOrder/history?${query}`, { bearer: staff })
  expect(res.status).toBe(200)
  const body = res.body as { items: { id: string }[]; total: number }
  const names = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]))
  return { total: body.total, orders: body.items.map((o) => names[o.id]) }
}

describe('GET /bookingOrder/history', () => {
  it('pages, newest first by default, and sorts as asked', async () => {
    expect(await history('')).toEqual({ total: 4, orders: ['o4', 'o3', 'o2', 'o1'] })
    expect(await history('page=2&itemPerPage=3')).toEqual({ total: 4, orders: ['o1'] })
    expect((await history('sortBy=total&sortDesc=false')).orders).toEqual(['o4', 'o1', 'o3', 'o2'])
    expect((await history('sortBy=start&sortDesc=false')).orders).toEqual(['o2', 'o1', 'o3', 'o4'])
  })

  it('filters by period (ordered or booked), customer, status, origin, transaction, shops', async () => {
    expect((await history('start=2026-01-01&end=2026-01-31')).orders).toEqual(['o2', 'o1'])
    expect((await history('start=2026-02-10&end=2026-02-10')).orders).toEqual(['o3'])
    expect(
      (await history('periodSearch=appointment&start=2026-02-01&end=2026-03-01')).orders,
    ).toEqual(['o3', 'o1'])
    expect((await history('firstname=inès')).orders).toEqual(['o3', 'o1'])
    expect((await history('lastname=DUR')).orders).toEqual(['o2'])
    expect((await history('mail=paul@')).orders).toEqual(['o2'])
    expect((await history('bookerStatus=completed')).orders).toEqual(['o2'])
    expect((await history('bookerOrigin=backoffice')).orders).toEqual(['o3'])
    expect((await history('transactionId=pi_123')).orders).toEqual(['o3'])
    expect((await history('shops=s2,s9')).orders).toEqual(['o3'])
  })

  it('refuses values outside the contract', async () => {
    for (const q of [
      'bookerStatus=lost',
      'start=2026-13-01',
      'itemPerPage=500',
      'periodSearch=x',
    ]) {
      expect((await t.call(`/bookingOrder/history?${q}`, { bearer: staff })).status).toBe(400)
    }
  })
})

describe('GET /bookingOrder/aggregate', () => {
  it('counts and sums the filtered orders, per status', async () => {
    const res = await t.call('/bookingOrder/aggregate', { bearer: staff })
    expect(res.body).toEqual({
      count: 4,
      total: { amount: 19000, currency: 'EUR' },
      byStatus: { confirmed: 2, completed: 1, pending: 1 },
    })
    const january = await t.call('/bookingOrder/aggregate?start=2026-01-01&end=2026-01-31', {
      bearer: staff,
    })
    expect(january.body).toMatchObject({ count: 2, total: { amount: 12000 } })
  })
})

describe('GET /bookingShops/payment', () => {
  it('per shop: paid orders of the period and what they hold', async () => {
    const res = await t.call('/bookingShops/payment?start=2026-01-01&end=2026-02-28', {
      bearer: staff,
    })
    const eur = (amount: number) => ({ amount, currency: 'EUR' })
    const line = (count: number, amount: number) => ({
      count,
      total: eur(amount),
      billed: eur(amount),
    })
    expect(res.body).toEqual([
      { shopId: 's1', ...line(2, 12000), providers: [{ provider: 'free', ...line(2, 12000) }] },
      { shopId: 's2', ...line(1, 5000), providers: [{ provider: 'free', ...line(1, 5000) }] },
    ])
    expect((await t.call('/bookingShops/payment?start=2026-01-01', { bearer: staff })).status).toBe(
      400,
    )
  })
})

async function paidGift(amount: number, purchaserCustomerId?: string) {
  const cartId = await insertCart(t.db, 'alpha.localhost', { purpose: 'gift', shopId: 's1' })
  return t.db.transaction(async (tx) => {
    const gift = await createPendingGift(tx, {
      company: alpha,
      purchase: { themeId: 'th1', amount, to: 'Léa', email: 'lea@example.com' },
      cartId,
      purchaserCustomerId,
    })
    const active = await activateGift(tx, { companyId: alpha.id, giftId: gift.id })
    if (!active) throw new Error('not active')
    return active
  })
}

describe('gift orders and their statistics', () => {
  it('lists the paid vouchers, paged; counts them per shop', async () => {
    const buyer = await newCustomer(t.db, 'alpha.localhost')
    const a = await paidGift(2000, buyer.id)
    const b = await paidGift(3000)
    const res = await t.call('/giftOrders/history?itemPerPage=1', { bearer: staff })
    expect(res.body).toMatchObject({
      total: 2,
      page: 1,
      itemPerPage: 1,
      totals: { count: 2, sold: { amount: 5000 }, redeemed: { amount: 0 } },
    })
    const all = (await t.call('/giftOrders/history', { bearer: staff })).body as {
      items: { idgift: string; shopId: string; customerId?: string; paid: unknown }[]
    }
    const byId = Object.fromEntries(all.items.map((i) => [i.idgift, i]))
    expect(byId[a.id]).toMatchObject({ shopId: 's1', customerId: buyer.id, paid: { amount: 2000 } })
    expect(byId[b.id]).not.toHaveProperty('customerId')
    const today = new Date().toISOString().slice(0, 10)
    const stats = await t.call(`/giftShops/payment?start=${today}&end=${today}`, { bearer: staff })
    const eur = { amount: 5000, currency: 'EUR' }
    expect(stats.body).toEqual([
      {
        shopId: 's1',
        count: 2,
        total: eur,
        billed: eur,
        providers: [{ provider: 'unknown', count: 2, total: eur, billed: eur }],
      },
    ])
  })

  it('deletes an unused voucher (its code stops working); a used one is 409', async () => {
    const unused = await paidGift(2000)
    const used = await paidGift(2000)
    await t.db.transaction((tx) =>
      redeemGift(tx, { companyId: alpha.id, code: used.code, amount: 500 }),
    )
    const del = (id: string) =>
      t.call(`/giftOrders/delete?idgift=${id}`, { method: 'DELETE', bearer: staff })
    expect(await del(unused.id)).toMatchObject({ status: 200, body: { ok: true } })
    expect(
      (await t.call(`/api/gifts/check/${unused.code}`, { company: 'alpha-token' })).status,
    ).toBe(404)
    expect(await del(unused.id)).toMatchObject({ status: 404 })
    expect(await del(used.id)).toMatchObject({ status: 409, body: { type: 'giftInUse' } })
    expect((await del('nope')).status).toBe(404)
    const betaStaff = await providerBearer(t.db, 'beta.localhost')
    const other = await t.call(`/giftOrders/delete?idgift=${used.id}`, {
      method: 'DELETE',
      bearer: betaStaff,
    })
    expect(other.status).toBe(404)
    const [row] = await t.db.select().from(gifts).where(eq(gifts.id, used.id))
    expect(row?.status).toBe('active')
  })
})
