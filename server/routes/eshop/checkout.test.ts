import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eshopOrderLines, stock } from '#server/db/schema/index.ts'
import { insertContent } from '#server/test/content.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { companyRow, newCustomer, patchBooker, setStock } from '#server/test/orders.ts'

/**
 * Checkout over HTTP: POST /api/payment/initialize with purpose 'eshop' (the payments part)
 * creates the order and takes the stock through services/eshop, in one transaction.
 */
let t: TestApi
let companyId: number
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

beforeAll(async () => {
  t = await startTestApi()
  companyId = (await companyRow(t.db, 'alpha.localhost')).id
  await patchBooker(t.db, 'alpha.localhost', {
    eshopEnabled: true,
    products: { active: true },
    payment: { provider: 'free' },
  })
  await insertContent(t.db, 'alpha.localhost', 'articles', [
    {
      id: 'last',
      slug: 'dernier',
      name: { fr: 'Dernier' },
      type: '2',
      prices: 2500,
      booker: { enableStock: true },
    },
  ])
})

/**
 * Fresh customers each round: initialize gives up a customer's earlier unpaid e-shop cart at the
 * shop, and its units would come back into stock.
 */
async function newBuyers(n: number) {
  const list = []
  for (let i = 0; i < n; i++) list.push(await newCustomer(t.db, 'alpha.localhost'))
  return list
}
afterAll(() => t.close())

/**
 * Each buyer from an address of its own: unpaid carts are limited per client address (decision
 * 016), and a round's winner leaves its cart unpaid.
 */
const checkout = (token: string, lines: unknown, address = '192.0.2.1') =>
  t.call('/api/payment/initialize', {
    company: 'alpha-token',
    bearer: token,
    headers: { 'x-forwarded-for': address },
    json: { purpose: 'eshop', shopId: 's1', lines },
  })

describe('e-shop checkout over HTTP', () => {
  it('charges the catalogue price whatever the client sends', async () => {
    await setStock(t.db, 'alpha.localhost', 's1', 'last', 5)
    const [buyer] = await newBuyers(1)
    if (!buyer) throw new Error('no buyer')
    const res = await checkout(buyer.token, [{ articleId: 'last', quantity: 2, price: 1 }])
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ prices: { total: { amount: 5000 } } })
  })

  const rounds = onPostgres ? 10 : 2
  it(`50 concurrent checkouts of the last unit: 1 order, 49 × 409 (${rounds} rounds)`, async () => {
    for (let round = 0; round < rounds; round++) {
      const buyers = await newBuyers(50)
      await setStock(t.db, 'alpha.localhost', 's1', 'last', 1)
      const before = await t.db
        .selectDistinct({ orderId: eshopOrderLines.orderId })
        .from(eshopOrderLines)
        .where(and(eq(eshopOrderLines.companyId, companyId), eq(eshopOrderLines.articleId, 'last')))
      const results = await Promise.all(
        buyers.map((b, i) =>
          checkout(b.token, [{ articleId: 'last', quantity: 1 }], `10.0.${round}.${i + 1}`),
        ),
      )
      const statuses = results.map((r) => r.status)
      expect(statuses.filter((s) => s === 200)).toHaveLength(1)
      expect(statuses.filter((s) => s === 409)).toHaveLength(49)
      for (const refused of results.filter((r) => r.status === 409)) {
        expect(refused.body).toMatchObject({ code: 409, type: 'outOfStock' })
      }
      const [row] = await t.db
        .select({ quantity: stock.quantity })
        .from(stock)
        .where(and(eq(stock.companyId, companyId), eq(stock.articleId, 'last')))
      expect(row?.quantity).toBe(0)
      const after = await t.db
        .selectDistinct({ orderId: eshopOrderLines.orderId })
        .from(eshopOrderLines)
        .where(and(eq(eshopOrderLines.companyId, companyId), eq(eshopOrderLines.articleId, 'last')))
      expect(after.length - before.length).toBe(1)
    }
  })
})
