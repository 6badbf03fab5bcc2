import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOOKING_STATUSES, type BookingStatus } from '#contract/booking-order.ts'
import { carts } from '#server/db/schema/index.ts'
import { providerBearer } from '#server/test/content.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { insertBookingOrder, newCustomer } from '#server/test/orders.ts'

// docs/decisions/076-studio-reports.md: the report's figures come from the same views as the
// bills, so its revenue is the sum of the bills of the visits it covers, whatever the columns say.
let t: TestApi
let staff: string
let betaStaff: string
let customerId: string

beforeAll(async () => {
  t = await startTestApi()
  staff = await providerBearer(t.db, 'alpha.localhost')
  betaStaff = await providerBearer(t.db, 'beta.localhost')
  customerId = (await newCustomer(t.db, 'alpha.localhost', 'ines@example.com')).id
})
afterAll(() => t.close())

interface Money {
  amount: number
  currency: string
}
interface Figures {
  revenue: Money
  visits: number
  noShows: number
  cancellations: number
  averageBasket: Money
}
interface Report {
  total: Figures
  byShop: (Figures & { shopId: string })[]
  byPeriod: (Figures & { period: string })[]
}
interface HistoryItem {
  id: string
  status: BookingStatus
  appointments: { start: string }[]
  bill: { total: Money }
}

const report = async (query: string, bearer = staff) =>
  t.call(`/bookingOrder/report?${query}`, { bearer })

/** Every order of the period as the history lists them, bills included. */
async function historyOf(start: string, end: string): Promise<HistoryItem[]> {
  const items: HistoryItem[] = []
  for (let page = 1; ; page += 1) {
    const res = await t.call(
      `/bookingOrder/history?periodSearch=appointment&start=${start}&end=${end}&itemPerPage=100&page=${page}`,
      { bearer: staff },
    )
    const body = res.body as { items: HistoryItem[]; total: number }
    items.push(...body.items)
    if (items.length >= body.total) return items
  }
}

const VISITS = new Set(['confirmed', 'arrived', 'completed', 'noShow', 'partiallyRefunded'])

describe('GET /bookingOrder/report', () => {
  it("a report's revenue is the sum of the bills it covers, per shop and per period too", async () => {
    const order = fc.record({
      status: fc.constantFrom(...BOOKING_STATUSES),
      totalCents: fc.integer({ min: 0, max: 90_000 }),
      shopId: fc.constantFrom('s1', 's2'),
      day: fc.integer({ min: 1, max: 28 }),
      coupon: fc.integer({ min: 0, max: 5_000 }),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(order, { minLength: 1, maxLength: 6 }), async (seeds) => {
        for (const seed of seeds) {
          const day = String(seed.day).padStart(2, '0')
          const row = await insertBookingOrder(t.db, 'alpha.localhost', {
            customerId,
            status: seed.status,
            totalCents: seed.totalCents,
            shopId: seed.shopId,
            start: `2026-05-${day}T10:00`,
          })
          // the bill is priced from the cart's lines: the column says otherwise on purpose
          await t.db
            .update(carts)
            .set({
              data: {
                lines: [
                  { articleId: 'svc', name: {}, quantity: 1, unitPrice: seed.totalCents + 700 },
                ],
                coupon: { code: 'TEN', discount: seed.coupon },
              },
            })
            .where(eq(carts.id, row.cartId ?? row.id))
        }
        const res = await report('start=2026-05-01&end=2026-05-31&step=week')
        expect(res.status).toBe(200)
        const body = res.body as Report
        const visits = (await historyOf('2026-05-01', '2026-05-31')).filter((o) =>
          VISITS.has(o.status),
        )
        const billed = visits.reduce((sum, o) => sum + o.bill.total.amount, 0)
        expect(body.total.revenue.amount).toBe(billed)
        expect(body.total.visits).toBe(visits.length)
        const byShop = body.byShop.reduce((sum, s) => sum + s.revenue.amount, 0)
        const byPeriod = body.byPeriod.reduce((sum, p) => sum + p.revenue.amount, 0)
        expect([byShop, byPeriod]).toEqual([billed, billed])
        expect(body.byPeriod.map((p) => p.period)).toEqual([
          '2026-04-27',
          '2026-05-04',
          '2026-05-11',
          '2026-05-18',
          '2026-05-25',
        ])
      }),
      { numRuns: 8 },
    )
  })

  it('narrows to the shops asked and counts no-shows and cancellations', async () => {
    for (const [status, shopId] of [
      ['noShow', 's1'],
      ['cancelled', 's2'],
      ['refunded', 's1'],
      ['pending', 's1'],
    ] as const) {
      await insertBookingOrder(t.db, 'alpha.localhost', {
        customerId,
        status,
        shopId,
        totalCents: 4000,
        start: '2026-07-14T10:00',
      })
    }
    const all = (await report('start=2026-07-14&end=2026-07-14')).body as Report
    expect(all.total).toMatchObject({ visits: 1, noShows: 1, cancellations: 2 })
    const s2 = (await report('start=2026-07-14&end=2026-07-14&shops=s2')).body as Report
    expect(s2.total).toMatchObject({ visits: 0, noShows: 0, cancellations: 1 })
    expect(s2.byShop.map((s) => s.shopId)).toEqual(['s2'])
  })

  it("another company's staff sees none of it; a bad period is refused", async () => {
    const other = (await report('start=2026-07-14&end=2026-07-14', betaStaff)).body as Report
    expect(other.total.visits + other.total.cancellations).toBe(0)
    expect((await report('start=2026-07-14&end=2026-07-13')).status).toBe(400)
    expect((await report('start=2025-01-01&end=2026-12-31&step=day')).status).toBe(400)
    expect((await report('start=2025-01-01&end=2026-12-31&step=month')).status).toBe(200)
    expect((await t.call('/bookingOrder/report?start=2026-07-14&end=2026-07-14')).status).toBe(401)
  })
})
