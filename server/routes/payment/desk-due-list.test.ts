import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gifts } from '#server/db/schema/index.ts'
import { staffBearer } from '#server/test/desk.ts'
import { bearer, type TestApi } from '#server/test/harness.ts'
import { customers, hostOf, NOW, setClock, startPaymentApi, tokenOf } from '#server/test/payment.ts'

/**
 * The orders due at the shop (docs/decisions/078-desk-payments.md): a gift voucher confirmed
 * "pay at the shop" is listed to the owner, not to a manager of another shop nor to another
 * company, and leaves the list once its payment is recorded from it.
 */
let t: TestApi
let bearers: string[]
let owner: string
let manager: string
let otherOwner: string
const FREE = tokenOf('free')
const OTHER = tokenOf('other')
const customer = (i: number) => bearers[i] ?? ''

beforeAll(async () => {
  t = await startPaymentApi(['free', 'other'])
  bearers = await customers(t, hostOf('free'), 1, 'dd')
  owner = await bearer(t, hostOf('free'), 'provider')
  otherOwner = await bearer(t, hostOf('other'), 'provider')
  manager = await staffBearer(t, hostOf('free'), 'due-manager', {
    studioRole: 'manager',
    artebeauteIds: ['elsewhere'],
  })
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

const atShop = (who: string, json: Record<string, unknown>) =>
  t.call('/api/payment/at-shop', { company: FREE, bearer: who, json })

describe('GET /api/payment/due-at-shop', () => {
  it("lists a gift voucher due at the shop to the owner, not to another shop's manager or company", async () => {
    setClock(NOW)
    const init = await t.call('/api/payment/initialize', {
      company: FREE,
      bearer: customer(0),
      json: {
        purpose: 'gift',
        shopId: 's1',
        gift: { themeId: 'th1', amount: 3000, to: 'Léa', email: 'lea@example.com' },
      },
    })
    expect(init.status).toBe(200)
    const { cartId, result } = init.body as { cartId: string; result: { token: string } }
    await t.call('/api/payment/pay', {
      company: FREE,
      bearer: customer(0),
      json: { cartId, paymentToken: result.token },
    })
    const list = await t.call('/api/payment/due-at-shop', { company: FREE, bearer: owner })
    expect(list.status).toBe(200)
    const items = list.body as { orderId: string; kind: string; due: { amount: number } }[]
    const gift = items.find((i) => i.kind === 'gift')
    expect(gift?.due.amount).toBe(3000)
    const mine = await t.call('/api/payment/due-at-shop', { company: FREE, bearer: manager })
    expect(mine.body).toEqual([])
    const theirs = await t.call('/api/payment/due-at-shop', { company: OTHER, bearer: otherOwner })
    expect(theirs.body).toEqual([])
    // recorded from the list: it leaves it, and the voucher is active
    expect((await atShop(owner, { orderId: gift?.orderId, amount: 3000 })).status).toBe(200)
    const after = await t.call('/api/payment/due-at-shop', { company: FREE, bearer: owner })
    expect((after.body as { orderId: string }[]).map((i) => i.orderId)).not.toContain(gift?.orderId)
    const [row] = await t.db
      .select()
      .from(gifts)
      .where(eq(gifts.id, gift?.orderId ?? ''))
    expect(row?.status).toBe('active')
  })
})
