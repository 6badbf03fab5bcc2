import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eshopOrders, stock } from '#server/db/schema/index.ts'
import { Refusal } from '#server/kernel/index.ts'
import { createEshopOrder } from '#server/services/eshop/index.ts'
import { insertContent, providerBearer } from '#server/test/content.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { companyRow, newCustomer, setStock } from '#server/test/orders.ts'

let t: TestApi
let alphaId: number
let camille: { id: string; token: string }
let other: { id: string; token: string }
const A = { company: 'alpha-token' }
const product = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  slug: `produit-${id}`,
  name: { fr: `Produit ${id}` },
  type: '2',
  prices: 2000,
  ...extra,
})

beforeAll(async () => {
  t = await startTestApi()
  alphaId = (await companyRow(t.db, 'alpha.localhost')).id
  await insertContent(t.db, 'alpha.localhost', 'shops', [
    { id: 's2', slug: 'second', publicInfo: { name: 'Second' } },
  ])
  await insertContent(t.db, 'alpha.localhost', 'articles', [
    product('p1', {
      artebeauteId: 'AB1',
      vat: 20,
      weekprices: 1800,
      booker: { enableStock: true, pricesByShops: [{ boutiqueId: 's1', pvTtc: 1500 }] },
    }),
    product('p2'),
    product('p3', { booker: { enableStock: true }, draft: true }),
    product('p4', { booker: { enableStock: true } }),
  ])
  await insertContent(t.db, 'beta.localhost', 'articles', [
    product('b1', { booker: { enableStock: true } }),
  ])
  await setStock(t.db, 'alpha.localhost', 's1', 'p1', 5)
  await setStock(t.db, 'alpha.localhost', 's2', 'p1', 2)
  camille = await newCustomer(t.db, 'alpha.localhost')
  other = await newCustomer(t.db, 'alpha.localhost')
})
afterAll(() => t.close())

const order = (
  customerId: string,
  lines: { articleId: string; quantity: number }[],
  shopId = 's1',
) =>
  t.db.transaction((tx) => createEshopOrder(tx, { companyId: alphaId, customerId, shopId, lines }))

describe('GET /api/eshop/stock/:id/:qty', () => {
  it('answers tracked units (per shop or summed), 999999 untracked, 0 for no such product', async () => {
    const units = async (path: string) => (await t.call(path, A)).body
    expect(await units('/api/eshop/stock/p1/1')).toEqual({ articleId: 'p1', stock: 7 })
    expect(await units('/api/eshop/stock/p1/1?shopId=s2')).toEqual({ articleId: 'p1', stock: 2 })
    expect(await units('/api/eshop/stock/p2/3')).toEqual({ articleId: 'p2', stock: 999999 })
    expect(await units('/api/eshop/stock/p4/1')).toEqual({ articleId: 'p4', stock: 0 })
    // a draft, a service, an unknown id, another company's product: not found = 0
    for (const id of ['p3', 'a1', 'nope', 'b1']) {
      expect(await units(`/api/eshop/stock/${id}/1`)).toEqual({ articleId: id, stock: 0 })
    }
  })

  it('refuses a quantity that is not a positive integer, and a missing company', async () => {
    for (const qty of ['0', '-1', 'x', '1.5']) {
      expect(await t.call(`/api/eshop/stock/p1/${qty}`, A)).toMatchObject({
        status: 400,
        body: { code: 400, type: 'invalidInput' },
      })
    }
    expect((await t.call('/api/eshop/stock/p1/1')).status).toBe(400)
  })
})

describe('GET /api/eshop/stock/verify/:ids/:qty', () => {
  it('says for each product whether the quantity can be sold', async () => {
    const res = await t.call('/api/eshop/stock/verify/p1,p2,p4,nope/6', A)
    expect(res).toMatchObject({ status: 200 })
    expect(res.body).toEqual([
      { articleId: 'p1', stock: 7, available: true },
      { articleId: 'p2', stock: 999999, available: true },
      { articleId: 'p4', stock: 0, available: false },
      { articleId: 'nope', stock: 0, available: false },
    ])
    const atS2 = await t.call('/api/eshop/stock/verify/p1/3?shopId=s2', A)
    expect(atS2.body).toEqual([{ articleId: 'p1', stock: 2, available: false }])
  })

  it('refuses an empty id in the list and a zero quantity', async () => {
    expect((await t.call('/api/eshop/stock/verify/p1,,p2/1', A)).status).toBe(400)
    expect((await t.call('/api/eshop/stock/verify/p1/0', A)).status).toBe(400)
  })
})

describe('createEshopOrder (checkout, called by payments)', () => {
  it('prices from the catalogue and takes the stock in the same transaction', async () => {
    await setStock(t.db, 'alpha.localhost', 's1', 'p1', 5)
    const { order: created, lines } = await order(camille.id, [
      { articleId: 'p1', quantity: 2 },
      { articleId: 'p2', quantity: 1 },
    ])
    // p1 at s1: its shop price 15,00; p2: the list price 20,00.
    expect(lines.map((l) => [l.articleId, l.unitPriceCents, l.totalCents])).toEqual([
      ['p1', 1500, 3000],
      ['p2', 2000, 2000],
    ])
    expect(created).toMatchObject({ status: 'pending', subtotalCents: 5000, totalCents: 5000 })
    expect(created.number).toMatch(/^E\d{8}-[A-Z2-9]{6}$/)
    expect((await t.call('/api/eshop/stock/p1/1?shopId=s1', A)).body).toMatchObject({ stock: 3 })
    // the list price with the week price swapped in, at a shop without its own price
    const { lines: atS2 } = await order(camille.id, [{ articleId: 'p1', quantity: 1 }], 's2')
    expect(atS2[0]?.unitPriceCents).toBe(1800)
  })

  it('refuses and sells nothing: out of stock 409, unknown product or shop 404, bad lines 400', async () => {
    await setStock(t.db, 'alpha.localhost', 's1', 'p1', 1)
    const before = await t.db.select().from(eshopOrders)
    const refusal = async (lines: { articleId: string; quantity: number }[], shopId = 's1') => {
      try {
        await order(camille.id, lines, shopId)
        return 'accepted'
      } catch (error) {
        return error instanceof Refusal ? `${error.status} ${error.type}` : String(error)
      }
    }
    expect(await refusal([{ articleId: 'p1', quantity: 2 }])).toBe('409 outOfStock')
    // the second line fails: the first line's unit is not taken either
    expect(
      await refusal([
        { articleId: 'p2', quantity: 1 },
        { articleId: 'p1', quantity: 1 },
        { articleId: 'p1', quantity: 1 },
      ]),
    ).toBe('409 outOfStock')
    expect(await refusal([{ articleId: 'p4', quantity: 1 }])).toBe('409 outOfStock')
    expect(await refusal([{ articleId: 'p3', quantity: 1 }])).toBe('404 notFound')
    expect(await refusal([{ articleId: 'a1', quantity: 1 }])).toBe('404 notFound')
    expect(await refusal([{ articleId: 'b1', quantity: 1 }])).toBe('404 notFound')
    expect(await refusal([{ articleId: 'p2', quantity: 1 }], 'nope')).toBe('404 notFound')
    expect(await refusal([])).toBe('400 emptyOrder')
    expect(await refusal([{ articleId: 'p2', quantity: 0 }])).toBe('400 invalidInput')
    expect(await refusal([{ articleId: 'p2', quantity: 1000 }])).toBe('400 invalidInput')
    expect(await t.db.select().from(eshopOrders)).toHaveLength(before.length)
    const [row] = await t.db.select().from(stock).where(eq(stock.articleId, 'p1'))
    expect(row?.quantity).toBeGreaterThanOrEqual(1)
  })
})

describe('GET /api/eshop/my-orders and /:id', () => {
  it('lists the customer’s own orders with their lines, newest first', async () => {
    const mine = await newCustomer(t.db, 'alpha.localhost')
    const first = await order(mine.id, [{ articleId: 'p2', quantity: 2 }])
    const second = await order(mine.id, [{ articleId: 'p2', quantity: 1 }])
    await order(other.id, [{ articleId: 'p2', quantity: 1 }])
    const res = await t.call('/api/eshop/my-orders', { ...A, bearer: mine.token })
    expect(res.status).toBe(200)
    const list = res.body as { id: string }[]
    expect(list.map((o) => o.id).sort()).toEqual([first.order.id, second.order.id].sort())
    const one = await t.call(`/api/eshop/my-orders/${first.order.id}`, { ...A, bearer: mine.token })
    expect(one.body).toEqual({
      id: first.order.id,
      number: first.order.number,
      customerId: mine.id,
      shopId: 's1',
      status: 'pending',
      lines: [
        {
          articleId: 'p2',
          name: { fr: 'Produit p2' },
          quantity: 2,
          unitPrice: 2000,
          total: { amount: 4000, currency: 'EUR' },
        },
      ],
      total: { amount: 4000, currency: 'EUR' },
      createdAt: first.order.createdAt.toISOString(),
      // docs/product/5-rules.md#order-bills: the bill recomputed from the lines, with the shop's
      // public name
      bill: {
        shopName: 'Alpha Centre',
        lines: [
          {
            articleId: 'p2',
            name: { fr: 'Produit p2' },
            quantity: 2,
            unitPrice: { amount: 2000, currency: 'EUR' },
            total: { amount: 4000, currency: 'EUR' },
            vat: { amount: 0, currency: 'EUR' },
          },
        ],
        subtotal: { amount: 4000, currency: 'EUR' },
        vouchers: [],
        vat: { amount: 0, currency: 'EUR' },
        total: { amount: 4000, currency: 'EUR' },
        payment: 'pending',
      },
    })
  })

  it('404 for another customer’s order and an unknown one; 401 without a customer session', async () => {
    const { order: theirs } = await order(other.id, [{ articleId: 'p2', quantity: 1 }])
    expect(
      await t.call(`/api/eshop/my-orders/${theirs.id}`, { ...A, bearer: camille.token }),
    ).toMatchObject({ status: 404, body: { code: 404, type: 'notFound' } })
    expect(
      (await t.call('/api/eshop/my-orders/nope', { ...A, bearer: camille.token })).status,
    ).toBe(404)
    expect((await t.call('/api/eshop/my-orders', A)).status).toBe(401)
    const staff = await providerBearer(t.db, 'alpha.localhost')
    expect((await t.call('/api/eshop/my-orders', { ...A, bearer: staff })).status).toBe(401)
  })

  it('another company: the alpha customer’s session is refused, its orders invisible', async () => {
    const { order: mine } = await order(camille.id, [{ articleId: 'p2', quantity: 1 }])
    const beta = { company: 'beta-token' }
    expect((await t.call('/api/eshop/my-orders', { ...beta, bearer: camille.token })).status).toBe(
      401,
    )
    const betaCustomer = await newCustomer(t.db, 'beta.localhost')
    const res = await t.call(`/api/eshop/my-orders/${mine.id}`, {
      ...beta,
      bearer: betaCustomer.token,
    })
    expect(res.status).toBe(404)
    expect(
      (await t.call('/api/eshop/my-orders', { ...beta, bearer: betaCustomer.token })).body,
    ).toEqual([])
  })
})
