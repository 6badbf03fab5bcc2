import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eshopOrderLines, eshopOrders, stock } from '#server/db/schema/index.ts'
import { Refusal } from '#server/kernel/index.ts'
import { insertContent } from '#server/test/content.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { companyRow, newCustomer, setStock } from '#server/test/orders.ts'
import { cancelEshopOrder, createEshopOrder, markEshopOrderPaid } from './index.ts'

let t: TestApi
let companyId: number
let customers: string[]
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

beforeAll(async () => {
  t = await startTestApi()
  companyId = (await companyRow(t.db, 'alpha.localhost')).id
  const tracked = (id: string) => ({
    id,
    slug: `produit-${id}`,
    name: { fr: id },
    type: '2',
    prices: 2500,
    booker: { enableStock: true },
  })
  await insertContent(t.db, 'alpha.localhost', 'articles', [
    tracked('last'),
    tracked('x'),
    tracked('y'),
  ])
  customers = []
  for (let i = 0; i < 5; i++) customers.push((await newCustomer(t.db, 'alpha.localhost')).id)
})
afterAll(() => t.close())

type Line = { articleId: string; quantity: number }
const checkout = async (i: number, lines: Line[]) => {
  try {
    await t.db.transaction((tx) =>
      createEshopOrder(tx, {
        companyId,
        customerId: customers[i % customers.length] ?? '',
        shopId: 's1',
        lines,
      }),
    )
    return 'success'
  } catch (error) {
    if (error instanceof Refusal) return `${error.status} ${error.type}`
    throw error
  }
}
const unitsOf = async (articleId: string) => {
  const [row] = await t.db
    .select({ quantity: stock.quantity })
    .from(stock)
    .where(and(eq(stock.companyId, companyId), eq(stock.articleId, articleId)))
  return row?.quantity
}
/** The orders holding the product (one line each here). */
const ordersOf = (articleId: string) =>
  t.db
    .selectDistinct({ orderId: eshopOrderLines.orderId })
    .from(eshopOrderLines)
    .where(and(eq(eshopOrderLines.companyId, companyId), eq(eshopOrderLines.articleId, articleId)))

describe('the last item in stock', () => {
  const rounds = onPostgres ? 10 : 3
  it(`50 concurrent checkouts: one order, 49 refusals (409), stock 0 (${rounds} rounds)`, async () => {
    for (let round = 0; round < rounds; round++) {
      await t.db.delete(eshopOrders).where(eq(eshopOrders.companyId, companyId))
      await setStock(t.db, 'alpha.localhost', 's1', 'last', 1)
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => checkout(i, [{ articleId: 'last', quantity: 1 }])),
      )
      expect(results.filter((r) => r === 'success')).toHaveLength(1)
      expect(results.filter((r) => r === '409 outOfStock')).toHaveLength(49)
      expect(await unitsOf('last')).toBe(0)
      expect(await ordersOf('last')).toHaveLength(1)
    }
  })

  it('lines in opposite orders under load: no deadlock, no overselling', async () => {
    await setStock(t.db, 'alpha.localhost', 's1', 'x', 10)
    await setStock(t.db, 'alpha.localhost', 's1', 'y', 10)
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        checkout(
          i,
          i % 2 === 0
            ? [
                { articleId: 'x', quantity: 1 },
                { articleId: 'y', quantity: 1 },
              ]
            : [
                { articleId: 'y', quantity: 1 },
                { articleId: 'x', quantity: 1 },
              ],
        ),
      ),
    )
    expect(results.filter((r) => r === 'success')).toHaveLength(10)
    expect(results.filter((r) => r === '409 outOfStock')).toHaveLength(20)
    expect([await unitsOf('x'), await unitsOf('y')]).toEqual([0, 0])
  })

  it('a cancelled order gives its units back once; a paid one keeps them', async () => {
    await setStock(t.db, 'alpha.localhost', 's1', 'last', 2)
    const create = () =>
      t.db.transaction((tx) =>
        createEshopOrder(tx, {
          companyId,
          customerId: customers[0] ?? '',
          shopId: 's1',
          lines: [{ articleId: 'last', quantity: 1 }],
        }),
      )
    const a = await create()
    const b = await create()
    expect(await unitsOf('last')).toBe(0)
    const cancel = () =>
      t.db.transaction((tx) => cancelEshopOrder(tx, { companyId, orderId: a.order.id }))
    expect((await cancel())?.status).toBe('cancelled')
    expect(await cancel()).toBeUndefined()
    expect(await unitsOf('last')).toBe(1)
    const pay = () =>
      t.db.transaction((tx) => markEshopOrderPaid(tx, { companyId, orderId: b.order.id }))
    expect((await pay())?.status).toBe('paid')
    expect((await pay())?.status).toBe('paid')
    expect(
      await t.db.transaction((tx) => cancelEshopOrder(tx, { companyId, orderId: b.order.id })),
    ).toBeUndefined()
    expect(await unitsOf('last')).toBe(1)
  })
})
