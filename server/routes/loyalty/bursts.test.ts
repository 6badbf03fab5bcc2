import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loyaltyCards, loyaltyMovements, loyaltyPrograms } from '#server/db/schema/index.ts'
import { creditLoyalty } from '#server/services/loyalty/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { companyRow, newCustomer } from '#server/test/orders.ts'

/**
 * Loyalty under parallel requests (docs/security.md#payments-and-what-they-issue): exchanges and
 * credits are atomic. Each burst is sent at once (Promise.all); on PGlite the transactions queue,
 * on PostgreSQL (CI, TEST_DATABASE_URL) they really overlap and the conditional updates and unique
 * earn movement decide.
 */
let t: TestApi
let companyId: number
const A = { company: 'alpha-token' }
const TIER = {
  id: 'one',
  name: { fr: 'Soin offert' },
  points: 100,
  rewardType: 'amount',
  amount: 500,
}

beforeAll(async () => {
  t = await startTestApi()
  companyId = (await companyRow(t.db, 'alpha.localhost')).id
  await t.db
    .update(loyaltyPrograms)
    .set({
      data: { name: { fr: 'Carte Alpha' }, active: true, pointsPerEuro: 1, paliers: [TIER] },
      published: true,
    })
    .where(and(eq(loyaltyPrograms.companyId, companyId), eq(loyaltyPrograms.id, 'default')))
})
afterAll(() => t.close())

const credit = (customerId: string, orderId: string, amountCents: number) =>
  t.db.transaction((tx) => creditLoyalty(tx, { companyId, customerId, orderId, amountCents }))
const exchange = (token: string) =>
  t.call('/api/loyalty/exchange', { ...A, bearer: token, json: { palierId: TIER.id } })

async function cardOf(customerId: string) {
  const cards = await t.db
    .select()
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.companyId, companyId), eq(loyaltyCards.customerId, customerId)))
  const moves = await t.db
    .select()
    .from(loyaltyMovements)
    .where(
      and(
        eq(loyaltyMovements.companyId, companyId),
        eq(loyaltyMovements.cardId, cards[0]?.id ?? ''),
      ),
    )
  return { cards, moves }
}

describe('loyalty bursts', () => {
  it('10 exchanges at once with points for one: one succeeds, nine 409, balance 0', async () => {
    const someone = await newCustomer(t.db, 'alpha.localhost')
    await credit(someone.id, 'order-1', TIER.points * 100) // exactly the tier's points
    const answers = await Promise.all(Array.from({ length: 10 }, () => exchange(someone.token)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    const refused = answers.filter((a) => a.status !== 200)
    expect(refused).toHaveLength(9)
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 409, body: { code: 409, type: 'notEnoughPoints' } })
    }
    const { cards, moves } = await cardOf(someone.id)
    expect(cards.map((c) => c.points)).toEqual([0])
    expect(moves.filter((m) => m.reason === 'exchange').map((m) => m.delta)).toEqual([-TIER.points])
  })

  it('one order credited 10 times at once, before the card exists: one card, credited once', async () => {
    const someone = await newCustomer(t.db, 'alpha.localhost')
    const results = await Promise.all(
      Array.from({ length: 10 }, () => credit(someone.id, 'order-burst', 25_000)),
    )
    expect(results.map((r) => r?.credited ?? 0).sort((a, b) => b - a)).toEqual([
      250, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ])
    const { cards, moves } = await cardOf(someone.id)
    expect(cards.map((c) => c.points)).toEqual([250])
    expect(moves.map((m) => [m.reason, m.delta])).toEqual([['earn', 250]])
  })

  it('credits and exchanges mixed at once: the balance is never negative and matches the movements', async () => {
    const someone = await newCustomer(t.db, 'alpha.localhost')
    await credit(someone.id, 'seed', 15_000) // 150 points: one exchange now
    const burst = await Promise.all([
      ...Array.from({ length: 8 }, () => exchange(someone.token).then((a) => a.status)),
      // the same order credited three times (once), and another order once
      credit(someone.id, 'order-x', 10_000).then(() => 0),
      credit(someone.id, 'order-x', 10_000).then(() => 0),
      credit(someone.id, 'order-x', 10_000).then(() => 0),
      credit(someone.id, 'order-y', 10_000).then(() => 0),
    ])
    const succeeded = burst.filter((s) => s === 200).length
    // 150 + 100 + 100 = 350 points earned at most: between one and three exchanges fit
    expect(succeeded).toBeGreaterThanOrEqual(1)
    expect(succeeded).toBeLessThanOrEqual(3)
    const { cards, moves } = await cardOf(someone.id)
    const balance = moves.reduce((sum, m) => sum + m.delta, 0)
    expect(cards[0]?.points).toBe(balance)
    expect(balance).toBe(350 - succeeded * TIER.points)
    expect(balance).toBeGreaterThanOrEqual(0)
    expect(moves.filter((m) => m.reason === 'earn')).toHaveLength(3)
  })
})
