import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_CART_LINES, MAX_LINE_QUANTITY, MAX_MINOR_AMOUNT } from '#domain/money/bounds.ts'
import { carts, contentTables, eshopOrders, payments } from '#server/db/schema/index.ts'
import { bearer, type TestApi } from '#server/test/harness.ts'
import {
  companyIdOf,
  counts,
  customers,
  hostOf,
  setClock,
  startPaymentApi,
  tokenOf,
} from '#server/test/payment.ts'

/**
 * docs/product/9-constants.md#money-bounds: quantities within 1..99, amounts within
 * MAX_MINOR_AMOUNT, so no product of quantity and price reaches an int4 column. Out of range: 400
 * with the normalised error and a clear message, never 500, never a write.
 */
let t: TestApi
let shopper: string
let staff: string
const FREE = tokenOf('free')
const written = () => counts(t, { carts, payments, eshopOrders })
const initialize = (json: unknown) =>
  t.call('/api/payment/initialize', { company: FREE, bearer: shopper, json })
const eshop = (lines: unknown[]) => initialize({ purpose: 'eshop', shopId: 's1', lines })

beforeAll(async () => {
  t = await startPaymentApi(['free'])
  shopper = (await customers(t, hostOf('free'), 1, 'bd'))[0] ?? ''
  staff = await bearer(t, hostOf('free'), 'provider')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

describe('money bounds on payment initialize', () => {
  it('a quantity above 99, zero, fractional or beyond int4 is 400 with a clear message', async () => {
    const before = await written()
    for (const quantity of [MAX_LINE_QUANTITY + 1, 0, 1.5, 2 ** 31, 1e15]) {
      const res = await eshop([{ articleId: 'soap', quantity }])
      expect(res.status, `quantity ${quantity}`).toBe(400)
      expect(res.body).toMatchObject({ code: 400, message: expect.any(String) })
    }
    const over = await eshop([{ articleId: 'soap', quantity: 100 }])
    expect((over.body as { message: string }).message).toMatch(/at most 99/)
    expect(await written()).toEqual(before)
  })

  it('99 units are accepted and charged exactly', async () => {
    const res = await eshop([{ articleId: 'soap', quantity: MAX_LINE_QUANTITY }])
    expect(res.status).toBe(200)
    expect((res.body as { prices: { total: { amount: number } } }).prices.total.amount).toBe(
      800 * 99,
    )
  })

  it(`more than ${MAX_CART_LINES} lines is 400`, async () => {
    const before = await written()
    const lines = Array.from({ length: MAX_CART_LINES + 1 }, () => ({
      articleId: 'soap',
      quantity: 1,
    }))
    const res = await eshop(lines)
    expect(res).toMatchObject({ status: 400, body: { code: 400 } })
    expect((res.body as { message: string }).message).toMatch(/at most 50 lines/)
    expect(await written()).toEqual(before)
  })

  it('an order above the money bound (a catalogue price × 99) is 400 amountTooLarge, nothing written', async () => {
    const companyId = await companyIdOf(t, FREE)
    const table = contentTables.articles
    const [soap] = await t.db
      .select()
      .from(table)
      .where(and(eq(table.companyId, companyId), eq(table.id, 'soap')))
    // 30,000,000.00 a unit: 99 of them would be 2.97e11 minor units, far past int4
    await t.db
      .update(table)
      .set({ data: { ...soap?.data, prices: 3_000_000_000 } })
      .where(and(eq(table.companyId, companyId), eq(table.id, 'soap')))
    try {
      const before = await written()
      const res = await eshop([{ articleId: 'soap', quantity: 99 }])
      expect(res).toMatchObject({ status: 400, body: { code: 400, type: 'amountTooLarge' } })
      expect((res.body as { message: string }).message).toMatch(/at most 100000000/)
      const one = await eshop([{ articleId: 'soap', quantity: 1 }])
      expect(one).toMatchObject({ status: 400, body: { type: 'amountTooLarge' } })
      expect(await written()).toEqual(before)
    } finally {
      await t.db
        .update(table)
        .set({ data: soap?.data ?? {} })
        .where(and(eq(table.companyId, companyId), eq(table.id, 'soap')))
    }
  })

  it('a gift amount or a refund beyond the bound is 400, not 500', async () => {
    const before = await written()
    const gift = await initialize({
      purpose: 'gift',
      shopId: 's1',
      gift: { themeId: 'th1', amount: 2 ** 31, to: 'Léa', email: 'lea@example.com' },
    })
    expect(gift).toMatchObject({ status: 400, body: { code: 400 } })
    const refund = await t.call('/api/payment/refund', {
      company: FREE,
      bearer: staff,
      json: { orderId: 'any', amount: MAX_MINOR_AMOUNT + 1 },
    })
    expect(refund).toMatchObject({ status: 400, body: { code: 400 } })
    expect(await written()).toEqual(before)
  })
})
