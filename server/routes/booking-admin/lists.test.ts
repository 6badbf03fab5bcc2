import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOOKING_STATUSES } from '#contract/booking-order.ts'
import { bookingOrders, type CompanyRow, carts, payments } from '#server/db/schema/index.ts'
import { recordGiftWithdrawal, redeemGift } from '#server/services/gifts/index.ts'
import { providerBearer } from '#server/test/content.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { enableGifts, insertBookingOrder, newCustomer, paidGift } from '#server/test/orders.ts'

// docs/decisions/076-studio-reports.md: the lists' totals are read from the same views as the
// bills, so each is the sum of the bills it covers, whatever the columns say.
let t: TestApi
let staff: string
let alpha: CompanyRow

beforeAll(async () => {
  t = await startTestApi()
  staff = await providerBearer(t.db, 'alpha.localhost')
  alpha = await enableGifts(t.db, 'alpha.localhost')
})
afterAll(() => t.close())

interface Money {
  amount: number
  currency: string
}
interface Item {
  shopId: string
  paid: Money
  paymentProvider?: string
  bill: { total: Money; vouchers: { amount: Money }[] }
}
interface Paid {
  shopId: string
  count: number
  total: Money
  billed: Money
  providers: { provider: string; count: number; total: Money; billed: Money }[]
}

const get = async (path: string) => {
  const res = await t.call(path, { bearer: staff })
  expect(res.status).toBe(200)
  return res.body
}

/** Every page of a list, 7 rows a page (so the totals must cover more than one). */
async function allPages<T>(path: string): Promise<T[]> {
  const items: T[] = []
  for (let page = 1; ; page += 1) {
    const body = (await get(`${path}&itemPerPage=7&page=${page}`)) as { items: T[]; total: number }
    items.push(...body.items)
    if (items.length >= body.total || body.items.length === 0) return items
  }
}

const sum = (list: readonly number[]) => list.reduce((s, n) => s + n, 0)
const paidOf = (o: Item) =>
  Math.max(0, o.paid.amount - sum(o.bill.vouchers.map((v) => v.amount.amount)))

const seed = fc.record({
  status: fc.constantFrom(...BOOKING_STATUSES),
  totalCents: fc.integer({ min: 0, max: 90_000 }),
  paidCents: fc.integer({ min: 0, max: 90_000 }),
  shopId: fc.constantFrom('s1', 's2'),
  provider: fc.constantFrom('free', 'stripe', 'cash'),
  coupon: fc.integer({ min: 0, max: 5_000 }),
  voucher: fc.integer({ min: 0, max: 3_000 }),
})

type Seed = typeof seed extends fc.Arbitrary<infer T> ? T : never

let run = 0
/** Orders of one fresh customer, on one day of their own, whose bills differ from the columns. */
async function ordersOf(seeds: readonly Seed[]) {
  run += 1
  const day = new Date(Date.UTC(2027, 0, 1) + run * 86_400_000).toISOString().slice(0, 10)
  const mail = `lists-${randomUUID()}@example.com`
  const customer = await newCustomer(t.db, 'alpha.localhost', mail)
  for (const s of seeds) {
    const row = await insertBookingOrder(t.db, 'alpha.localhost', {
      customerId: customer.id,
      status: s.status,
      totalCents: s.totalCents,
      paidCents: s.paidCents,
      shopId: s.shopId,
      at: `${day}T09:00:00Z`,
    })
    await t.db
      .update(bookingOrders)
      .set({ paymentProvider: s.provider })
      .where(eq(bookingOrders.id, row.id))
    // the bill is priced from the cart's lines, coupon and vouchers: the columns say otherwise
    await t.db
      .update(carts)
      .set({
        data: {
          lines: [{ articleId: 'svc', name: {}, quantity: 1, unitPrice: s.totalCents + 700 }],
          coupon: { code: 'TEN', discount: s.coupon },
          vouchers: [{ code: 'GIFT-ABCD-1234', amount: s.voucher }],
        },
      })
      .where(eq(carts.id, row.cartId ?? row.id))
  }
  return { day, mail }
}

describe('GET /bookingOrder/history/totals', () => {
  it("the filtered history's totals are the sums of its bills, on every page", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(seed, { minLength: 1, maxLength: 10 }), async (seeds) => {
        const { day, mail } = await ordersOf(seeds)
        const filter = `mail=${encodeURIComponent(mail)}&start=${day}&end=${day}`
        const listed = await allPages<Item>(`/bookingOrder/history?${filter}`)
        expect(listed).toHaveLength(seeds.length)
        const totals = await get(`/bookingOrder/history/totals?${filter}`)
        expect(totals).toEqual({
          count: seeds.length,
          billed: { amount: sum(listed.map((o) => o.bill.total.amount)), currency: 'EUR' },
          paid: { amount: sum(listed.map(paidOf)), currency: 'EUR' },
        })
      }),
      { numRuns: 6 },
    )
  })
})

describe('GET /bookingShops/payment', () => {
  it('per shop and provider: the sums of the bills of the orders a payment paid', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(seed, { minLength: 1, maxLength: 10 }), async (seeds) => {
        const { day } = await ordersOf(seeds)
        const listed = (
          await allPages<Item>(`/bookingOrder/history?start=${day}&end=${day}`)
        ).filter((o) => paidOf(o) > 0)
        const shops = (await get(`/bookingShops/payment?start=${day}&end=${day}`)) as Paid[]
        expect(sum(shops.map((s) => s.count))).toBe(listed.length)
        for (const shop of shops) {
          const mine = listed.filter((o) => o.shopId === shop.shopId)
          expect(shop.total.amount).toBe(sum(mine.map(paidOf)))
          expect(shop.billed.amount).toBe(sum(mine.map((o) => o.bill.total.amount)))
          for (const p of shop.providers) {
            const theirs = mine.filter((o) => (o.paymentProvider ?? 'unknown') === p.provider)
            expect([p.count, p.total.amount]).toEqual([theirs.length, sum(theirs.map(paidOf))])
          }
          expect(sum(shop.providers.map((p) => p.total.amount))).toBe(shop.total.amount)
        }
      }),
      { numRuns: 6 },
    )
  })
})

interface GiftItem {
  idgift: string
  shopId: string
  gift: { amount: Money; remaining: Money; email: string }
  refunded?: Money
}
interface GiftTotals {
  count: number
  sold: Money
  redeemed: Money
  refunded: Money
  outstanding: Money
}

describe('GET /giftOrders/history', () => {
  it('its totals are the sums of the vouchers it lists, on every page', async () => {
    const voucher = fc.record({
      amount: fc.integer({ min: 1_000, max: 20_000 }),
      used: fc.integer({ min: 0, max: 100 }),
      // a part of what is left given back by a refund of its purchase
      back: fc.integer({ min: 0, max: 100 }),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(voucher, { minLength: 1, maxLength: 9 }), async (seeds) => {
        const email = `gift-${randomUUID()}@example.com`
        for (const s of seeds) {
          const gift = await paidGift(t.db, alpha, { amount: s.amount, email })
          const spent = Math.floor((s.amount * s.used) / 100)
          if (spent > 0) {
            await t.db.transaction((tx) =>
              redeemGift(tx, { companyId: alpha.id, code: gift.code, amount: spent }),
            )
          }
          const back = Math.floor(((s.amount - spent) * s.back) / 100)
          if (back > 0) {
            await t.db.transaction((tx) =>
              recordGiftWithdrawal(tx, {
                companyId: alpha.id,
                cartId: gift.cartId ?? '',
                amountCents: back,
                held: false,
                by: 'test',
              }),
            )
          }
        }
        const filter = `mail=${encodeURIComponent(email)}`
        const listed = await allPages<GiftItem>(`/giftOrders/history?${filter}`)
        expect(listed).toHaveLength(seeds.length)
        const { totals } = (await get(`/giftOrders/history?${filter}`)) as { totals: GiftTotals }
        const sold = sum(listed.map((g) => g.gift.amount.amount))
        const left = sum(listed.map((g) => g.gift.remaining.amount))
        const back = sum(listed.map((g) => g.refunded?.amount ?? 0))
        expect(totals).toEqual({
          count: seeds.length,
          sold: { amount: sold, currency: 'EUR' },
          redeemed: { amount: sold - left - back, currency: 'EUR' },
          refunded: { amount: back, currency: 'EUR' },
          outstanding: { amount: left, currency: 'EUR' },
        })
      }),
      { numRuns: 5 },
    )
  })

  it('filters by the day sold and the selling shop; the shops name the provider too', async () => {
    const email = `shop-${randomUUID()}@example.com`
    const sold = await paidGift(t.db, alpha, { amount: 4000, email })
    // its cart's settled payment names the provider
    await t.db.insert(payments).values({
      companyId: alpha.id,
      cartId: sold.cartId ?? '',
      provider: 'stripe',
      status: 'succeeded',
      amountCents: 4000,
    })
    const today = new Date().toISOString().slice(0, 10)
    const mail = `mail=${encodeURIComponent(email)}`
    const count = async (q: string) =>
      ((await get(`/giftOrders/history?${mail}&${q}`)) as { total: number }).total
    expect(await count(`start=${today}&end=${today}`)).toBe(1)
    expect(await count('start=2020-01-01&end=2020-01-31')).toBe(0)
    expect(await count('shops=s1')).toBe(1)
    expect(await count('shops=s2')).toBe(0)
    const paid = (await get(`/giftShops/payment?start=${today}&end=${today}`)) as Paid[]
    const s1 = paid.find((s) => s.shopId === 's1')
    expect(s1?.providers.map((p) => p.provider)).toContain('stripe')
    expect(s1?.billed.amount).toBe(s1?.total.amount)
    const bad = await t.call('/giftOrders/history?start=2026-13-01', { bearer: staff })
    expect(bad.status).toBe(400)
  })
})
