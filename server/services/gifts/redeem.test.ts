import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CompanyRow, giftMovements, gifts } from '#server/db/schema/index.ts'
import { Refusal } from '#server/kernel/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { insertCart, patchBooker } from '#server/test/orders.ts'
import { activateGift, createPendingGift, redeemGift, refundCartRedemptions } from './index.ts'

let t: TestApi
let alpha: CompanyRow
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

beforeAll(async () => {
  t = await startTestApi()
  alpha = await patchBooker(t.db, 'alpha.localhost', {
    gift: true,
    gifts: { themes: [{ id: 'th1', name: { fr: 'Noël' }, image: '/x.png' }] },
  })
})
afterAll(() => t.close())

async function paidGift(amount: number) {
  const cartId = await insertCart(t.db, 'alpha.localhost', { purpose: 'gift', shopId: 's1' })
  return t.db.transaction(async (tx) => {
    const pending = await createPendingGift(tx, {
      company: alpha,
      purchase: { themeId: 'th1', amount, to: 'Léa', email: 'lea@example.com' },
      cartId,
    })
    const active = await activateGift(tx, { companyId: alpha.id, giftId: pending.id })
    if (!active) throw new Error('not activated')
    return active
  })
}

const redeem = (code: string, amount: number, cartId?: string) =>
  t.db.transaction((tx) => redeemGift(tx, { companyId: alpha.id, code, amount, cartId }))

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise
    return 'success'
  } catch (error) {
    if (error instanceof Refusal) return `${error.status} ${error.type}`
    throw error
  }
}

describe('redeemGift', () => {
  it('pays up to the remaining amount, never below zero', async () => {
    const gift = await paidGift(5000)
    expect(await redeem(gift.code, 3000, 'cart-a')).toMatchObject({
      applied: 3000,
      remaining: 2000,
    })
    expect(await redeem(gift.code.toLowerCase(), 6500, 'cart-b')).toMatchObject({
      applied: 2000,
      remaining: 0,
    })
    expect(await failure(redeem(gift.code, 100, 'cart-c'))).toBe('409 giftUsed')
  })

  it('spends once per cart: a retried payment takes nothing more', async () => {
    const gift = await paidGift(5000)
    await redeem(gift.code, 1000, 'cart-r')
    expect(await redeem(gift.code, 1000, 'cart-r')).toMatchObject({
      applied: 1000,
      remaining: 4000,
    })
  })

  it('refuses unknown, unpaid, expired codes and bad amounts', async () => {
    expect(await failure(redeem('NOPENOPENOPE', 100))).toBe('404 giftNotFound')
    const cartId = await insertCart(t.db, 'alpha.localhost', { purpose: 'gift', shopId: 's1' })
    const pending = await t.db.transaction((tx) =>
      createPendingGift(tx, {
        company: alpha,
        purchase: { themeId: 'th1', amount: 2000, to: 'A', email: 'a@example.com' },
        cartId,
      }),
    )
    expect(await failure(redeem(pending.code, 100))).toBe('404 giftNotFound')
    const old = await paidGift(2000)
    await t.db.update(gifts).set({ validUntil: '2020-01-01' }).where(eq(gifts.id, old.id))
    expect(await failure(redeem(old.code, 100))).toBe('409 giftExpired')
    expect(await failure(redeem(old.code, 0))).toBe('400 invalidInput')
    expect(await failure(redeem(old.code, 1.5))).toBe('400 invalidInput')
  })

  it('gives a failed payment’s spend back, once', async () => {
    const gift = await paidGift(5000)
    await redeem(gift.code, 4000, 'cart-f')
    const refund = () =>
      t.db.transaction((tx) => refundCartRedemptions(tx, { companyId: alpha.id, cartId: 'cart-f' }))
    expect(await refund()).toBe(4000)
    expect(await refund()).toBe(0)
    const [row] = await t.db.select().from(gifts).where(eq(gifts.id, gift.id))
    expect(row?.remainingCents).toBe(5000)
  })
})

describe('a gift code spent many times at once', () => {
  const rounds = onPostgres ? 10 : 3
  it(`50 concurrent redemptions of a voucher covering one: exactly one succeeds (${rounds} rounds)`, async () => {
    for (let round = 0; round < rounds; round++) {
      const gift = await paidGift(5000)
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => failure(redeem(gift.code, 5000, `r${round}-${i}`))),
      )
      expect(results.filter((r) => r === 'success')).toHaveLength(1)
      expect(results.filter((r) => r === '409 giftUsed')).toHaveLength(49)
      const [row] = await t.db.select().from(gifts).where(eq(gifts.id, gift.id))
      expect(row?.remainingCents).toBe(0)
      const spends = await t.db
        .select()
        .from(giftMovements)
        .where(and(eq(giftMovements.giftId, gift.id), eq(giftMovements.kind, 'redeem')))
      expect(spends).toHaveLength(1)
    }
  })

  it('partial spends in parallel never take more than the voucher holds', async () => {
    const gift = await paidGift(10_000)
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => failure(redeem(gift.code, 700, `p-${i}`))),
    )
    // 14 spends of 7,00 take 98,00; the 15th takes the last 2,00; the rest find nothing.
    expect(results.filter((r) => r === 'success')).toHaveLength(15)
    const [row] = await t.db.select().from(gifts).where(eq(gifts.id, gift.id))
    expect(row?.remainingCents).toBe(0)
  })
})
