import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eshopOrders } from '#server/db/schema/index.ts'
import { insertContent } from '#server/test/content.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { companyRow, newCustomer, patchBooker } from '#server/test/orders.ts'

/**
 * booker.products.active (docs/product/3-entities.md "products on";
 * docs/decisions/063-last-partial-rows-of-the-api.md): with the products module off the e-shop is
 * closed, so its checkout refuses whatever eshopEnabled says. Two companies with the same shop
 * settings but this flag: alpha has products off, beta on (the positive control). Both are set
 * before the first request, as the company rows are cached per token.
 */
let t: TestApi
const shop = { eshopEnabled: true, payment: { provider: 'free' } }

beforeAll(async () => {
  t = await startTestApi()
  await patchBooker(t.db, 'alpha.localhost', { ...shop, products: { active: false } })
  await patchBooker(t.db, 'beta.localhost', { ...shop, products: { active: true } })
  await insertContent(t.db, 'beta.localhost', 'articles', [
    { id: 'p1', slug: 'huile', name: { fr: 'Huile' }, type: '2', prices: 2400 },
  ])
})
afterAll(() => t.close())

const checkout = (company: string, token: string, articleId: string) =>
  t.call('/api/payment/initialize', {
    company,
    bearer: token,
    json: { purpose: 'eshop', shopId: 's1', lines: [{ articleId, quantity: 1 }] },
  })

async function ordersOf(host: string): Promise<number> {
  const { id } = await companyRow(t.db, host)
  const [row] = await t.db
    .select({ n: count() })
    .from(eshopOrders)
    .where(eq(eshopOrders.companyId, id))
  return row?.n ?? 0
}

describe('the e-shop follows products.active', () => {
  it('refuses a checkout while the products module is off, writing no order', async () => {
    const buyer = await newCustomer(t.db, 'alpha.localhost')
    const res = await checkout('alpha-token', buyer.token, 'a2')
    expect(res).toMatchObject({ status: 400, body: { type: 'paymentDisabled' } })
    expect(await ordersOf('alpha.localhost')).toBe(0)
  })

  it('takes the same checkout where the products module is on', async () => {
    const buyer = await newCustomer(t.db, 'beta.localhost')
    const res = await checkout('beta-token', buyer.token, 'p1')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await ordersOf('beta.localhost')).toBe(1)
  })
})
