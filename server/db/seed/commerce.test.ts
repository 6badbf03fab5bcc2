import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { companies, loyaltyCards, stock } from '../schema/index.ts'
import { defaultTenantsDir, seedTenants } from '../seed.ts'
import { stockRows } from './commerce.ts'

let t: TestApi
const MAISON = 'maison-lumiere.localhost'

beforeAll(async () => {
  t = await startTestApi({ seedFrom: false })
  await seedTenants(t.db, { root: defaultTenantsDir, hosts: [MAISON], log: () => undefined })
})
afterAll(() => t.close())

async function maisonId() {
  const [row] = await t.db.select().from(companies).where(eq(companies.host, MAISON))
  if (!row) throw new Error('not seeded')
  return row.id
}

describe('seed: loyalty cards and stock of the demo tenants', () => {
  it('loads loyalty.json cards into loyalty_cards', async () => {
    const cards = await t.db
      .select()
      .from(loyaltyCards)
      .where(eq(loyaltyCards.companyId, await maisonId()))
    expect(cards.map((c) => [c.customerId, c.number, c.points])).toEqual([
      ['1001', 'ML-2026-00042', 340],
    ])
    expect(cards[0]?.createdAt.toISOString()).toBe('2026-02-14T14:20:00.000Z')
  })

  it('loads the units of tracked products, and the API reads them', async () => {
    const rows = await t.db
      .select()
      .from(stock)
      .where(eq(stock.companyId, await maisonId()))
    const units = Object.fromEntries(rows.map((r) => [`${r.shopId}/${r.articleId}`, r.quantity]))
    expect(units).toMatchObject({ '1/201': 24, '1/205': 0, '1/207': 5 })
    expect(units).not.toHaveProperty('1/208') // stock not tracked
    const headers = { company: '1fcc937c9e0423ceb7792f3c8a1a1234' }
    expect((await t.call('/api/eshop/stock/201/1', headers)).body).toEqual({
      articleId: '201',
      stock: 24,
    })
    expect((await t.call('/api/eshop/stock/208/1', headers)).body).toEqual({
      articleId: '208',
      stock: 999999,
    })
  })

  it('a rerun keeps live balances and stock levels', async () => {
    const companyId = await maisonId()
    await t.db
      .update(stock)
      .set({ quantity: 3 })
      .where(and(eq(stock.companyId, companyId), eq(stock.articleId, '201')))
    await t.db.update(loyaltyCards).set({ points: 10 }).where(eq(loyaltyCards.companyId, companyId))
    const [report] = await seedTenants(t.db, {
      root: defaultTenantsDir,
      hosts: [MAISON],
      log: () => undefined,
    })
    expect(report?.counts).toMatchObject({ inserted: 0, updated: 0 })
    const [row] = await t.db
      .select()
      .from(stock)
      .where(and(eq(stock.companyId, companyId), eq(stock.articleId, '201')))
    expect(row?.quantity).toBe(3)
    const [card] = await t.db
      .select()
      .from(loyaltyCards)
      .where(eq(loyaltyCards.companyId, companyId))
    expect(card?.points).toBe(10)
  })

  it('puts a product’s units at its selling shops, or every shop when none is listed', () => {
    const shops = [{ id: 's1' }, { id: 's2' }]
    const tracked = { type: '2', stock: 4 }
    expect(
      stockRows(
        [
          {
            id: 'p1',
            ...tracked,
            booker: { enableStock: true, pricesByShops: [{ boutiqueId: 's2' }] },
          },
          { id: 'p2', ...tracked, booker: { enableStock: true } },
          { id: 'p3', ...tracked, booker: { enableStock: false } },
          { id: 'p4', type: '1', stock: 4, booker: { enableStock: true } },
          {
            id: 'p5',
            type: '2',
            stock: -2,
            booker: { enableStock: true, pricesByShops: [{ boutiqueId: 's1' }] },
          },
        ],
        shops,
      ),
    ).toEqual([
      { shopId: 's2', articleId: 'p1', quantity: 4 },
      { shopId: 's1', articleId: 'p2', quantity: 4 },
      { shopId: 's2', articleId: 'p2', quantity: 4 },
      { shopId: 's1', articleId: 'p5', quantity: 0 },
    ])
  })
})
