import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loyaltyCards, loyaltyMovements, loyaltyPrograms } from '#server/db/schema/index.ts'
import { creditLoyalty } from '#server/services/loyalty/index.ts'
import { providerBearer } from '#server/test/content.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'
import { companyRow, newCustomer } from '#server/test/orders.ts'

let t: TestApi
let companyId: number
const A = { company: 'alpha-token' }
const tiers = [
  { id: 't1', name: { fr: 'Soin offert' }, points: 100, rewardType: 'service', serviceId: 'a1' },
  { id: 't2', name: { fr: '15 € de remise' }, points: 300, rewardType: 'amount', amount: 1500 },
]

beforeAll(async () => {
  t = await startTestApi()
  companyId = (await companyRow(t.db, 'alpha.localhost')).id
  await setProgram({ active: true, pointsPerEuro: 1, paliers: tiers })
})
afterAll(() => t.close())

async function setProgram(data: Record<string, unknown>) {
  await t.db
    .update(loyaltyPrograms)
    .set({ data: { name: { fr: 'Carte Alpha' }, ...data }, published: data.active !== false })
    .where(and(eq(loyaltyPrograms.companyId, companyId), eq(loyaltyPrograms.id, 'default')))
}
const credit = (customerId: string, orderId: string, amountCents: number) =>
  t.db.transaction((tx) => creditLoyalty(tx, { companyId, customerId, orderId, amountCents }))
const current = (token: string) => t.call('/api/loyalty/current', { ...A, bearer: token })
const exchange = (token: string, palierId: unknown) =>
  t.call('/api/loyalty/exchange', { ...A, bearer: token, json: { palierId } })

describe('GET /api/loyalty/current', () => {
  it('answers the seeded card (loyalty.json cards) with the programme’s tiers', async () => {
    const res = await current(await bearer(t, 'alpha.localhost', 'customer'))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      number: 'LC-u1',
      points: 40,
      name: { fr: 'Carte Alpha' },
      paliers: [
        { id: 't1', points: 100, rewardType: 'service', serviceId: 'a1' },
        { id: 't2', points: 300, rewardType: 'amount', amount: 1500 },
      ],
    })
  })

  it('null for a customer without a card; 401 without a customer session', async () => {
    const someone = await newCustomer(t.db, 'alpha.localhost')
    expect(await current(someone.token)).toMatchObject({ status: 200, body: null })
    expect((await t.call('/api/loyalty/current', A)).status).toBe(401)
    const staff = await providerBearer(t.db, 'alpha.localhost')
    expect((await current(staff)).status).toBe(401)
  })
})

describe('creditLoyalty (a paid order completes)', () => {
  it('creates the card on the first paid order and credits once per order', async () => {
    const someone = await newCustomer(t.db, 'alpha.localhost')
    // 129,99 € at one point per euro: 129 points (whole euros only)
    expect(await credit(someone.id, 'order-1', 12_999)).toMatchObject({
      credited: 129,
      points: 129,
    })
    expect(await credit(someone.id, 'order-1', 12_999)).toMatchObject({ credited: 0, points: 129 })
    expect(await credit(someone.id, 'order-2', 50)).toBeUndefined()
    const card = (await current(someone.token)).body as { number: string; points: number }
    expect(card.points).toBe(129)
    expect(card.number).toMatch(/^LC-\d{8}$/)
  })

  it('credits nothing without an active programme; current is then null', async () => {
    const someone = await newCustomer(t.db, 'alpha.localhost')
    await credit(someone.id, 'order-a', 5000)
    await setProgram({ active: false, paliers: tiers })
    try {
      expect(await credit(someone.id, 'order-b', 5000)).toBeUndefined()
      expect((await current(someone.token)).body).toBeNull()
    } finally {
      await setProgram({ active: true, pointsPerEuro: 1, paliers: tiers })
    }
    expect((await current(someone.token)).body).toMatchObject({ points: 50 })
  })
})

describe('POST /api/loyalty/exchange', () => {
  it('debits the tier’s points and answers the card', async () => {
    const someone = await newCustomer(t.db, 'alpha.localhost')
    await credit(someone.id, 'o', 25_000)
    const res = await exchange(someone.token, 't1')
    expect(res).toMatchObject({ status: 200, body: { points: 150 } })
    const moves = await t.db
      .select()
      .from(loyaltyMovements)
      .where(and(eq(loyaltyMovements.companyId, companyId), eq(loyaltyMovements.tierId, 't1')))
    expect(moves.map((m) => m.delta)).toContain(-100)
  })

  it('refuses short points (409), unknown tier, no card, no programme (404), bad body (400)', async () => {
    const someone = await newCustomer(t.db, 'alpha.localhost')
    await credit(someone.id, 'o', 25_000)
    expect(await exchange(someone.token, 't2')).toMatchObject({
      status: 409,
      body: { code: 409, type: 'notEnoughPoints' },
    })
    expect((await current(someone.token)).body).toMatchObject({ points: 250 })
    expect(await exchange(someone.token, 'nope')).toMatchObject({
      status: 404,
      body: { type: 'unknownPalier' },
    })
    const cardless = await newCustomer(t.db, 'alpha.localhost')
    expect(await exchange(cardless.token, 't1')).toMatchObject({
      status: 404,
      body: { type: 'noLoyaltyCard' },
    })
    for (const body of [{}, { palierId: '' }, { palierId: null }]) {
      const res = await t.call('/api/loyalty/exchange', { ...A, bearer: someone.token, json: body })
      expect(res).toMatchObject({ status: 400, body: { type: 'invalidInput' } })
    }
    expect((await t.call('/api/loyalty/exchange', { ...A, json: { palierId: 't1' } })).status).toBe(
      401,
    )
    const betaCustomer = await newCustomer(t.db, 'beta.localhost')
    const res = await t.call('/api/loyalty/exchange', {
      company: 'beta-token',
      bearer: betaCustomer.token,
      json: { palierId: 't1' },
    })
    expect(res).toMatchObject({ status: 404, body: { type: 'noLoyaltyProgram' } })
  })

  it('concurrent exchanges never spend the same points twice', async () => {
    const someone = await newCustomer(t.db, 'alpha.localhost')
    await credit(someone.id, 'o', 35_000)
    const results = await Promise.all(
      Array.from({ length: 20 }, () => exchange(someone.token, 't1')),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(3)
    expect(results.filter((r) => r.status === 409)).toHaveLength(17)
    const [card] = await t.db
      .select()
      .from(loyaltyCards)
      .where(and(eq(loyaltyCards.companyId, companyId), eq(loyaltyCards.customerId, someone.id)))
    expect(card?.points).toBe(50)
  })
})
