import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { carts } from '#server/db/schema/index.ts'
import { CODE_LIMITS } from '#server/services/abuse/index.ts'
import { PENDING_CART_LIMITS } from '#server/services/payments/index.ts'
import type { TestApi } from '#server/test/harness.ts'
import {
  companyIdOf,
  customers,
  hold,
  hostOf,
  setClock,
  startPaymentApi,
  tokenOf,
  voucher,
  WEDNESDAY,
} from '#server/test/payment.ts'

/**
 * Decision 017 under parallel bursts: pending e-shop and gift carts per customer and per client
 * address, failed voucher and coupon code look-ups per address (GET /api/gifts/check, POST
 * /api/coupons/apply, and the codes tried at initialize). The tests play distinct clients with
 * X-Forwarded-For (the harness trusts loopback as a proxy, as `npm start` does).
 */
let t: TestApi
let bearers: string[]
const FREE = tokenOf('free')
const customer = (i: number) => bearers[i] ?? ''
const from = (address: string) => ({ 'x-forwarded-for': address })
const gift = { themeId: 'th1', amount: 5000, to: 'Léa', email: 'lea@example.com' }

function initialize(body: unknown, address: string, who?: string) {
  return t.call('/api/payment/initialize', {
    company: FREE,
    ...(who ? { bearer: who } : {}),
    headers: from(address),
    json: { shopId: 's1', ...(body as object) },
  })
}
const burst = <T>(n: number, call: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => call(i)))
const count = (rs: { status: number }[], status: number) =>
  rs.filter((r) => r.status === status).length
const types = (rs: { status: number; body: unknown }[], status: number) => [
  ...new Set(rs.filter((r) => r.status === status).map((r) => (r.body as { type?: string }).type)),
]

beforeAll(async () => {
  t = await startPaymentApi(['free'])
  bearers = await customers(t, hostOf('free'), 4, 'abuse')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

describe('pending carts (decision 017)', () => {
  it(`a visitor's address: of 14 gift purchases at once exactly ${PENDING_CART_LIMITS.perAddress} wait unpaid`, async () => {
    const rs = await burst(14, () => initialize({ purpose: 'gift', gift }, '203.0.113.1'))
    expect(count(rs, 200)).toBe(PENDING_CART_LIMITS.perAddress)
    expect(count(rs, 429)).toBe(14 - PENDING_CART_LIMITS.perAddress)
    expect(rs.find((r) => r.status === 429)?.body).toMatchObject({
      code: 429,
      type: 'tooManyPendingCarts',
    })
    const companyId = await companyIdOf(t, FREE)
    const pending = await t.db
      .select()
      .from(carts)
      .where(
        and(
          eq(carts.companyId, companyId),
          eq(carts.clientAddress, '203.0.113.1'),
          inArray(carts.status, ['open', 'paying']),
        ),
      )
    expect(pending).toHaveLength(PENDING_CART_LIMITS.perAddress)
    // Another address is not affected; once the carts lapse, the address may order again.
    expect((await initialize({ purpose: 'gift', gift }, '203.0.113.2')).status).toBe(200)
    setClock('2027-04-26T08:31:00Z')
    expect((await initialize({ purpose: 'gift', gift }, '203.0.113.1')).status).toBe(200)
    setClock('2027-04-26T08:00:00Z')
  })

  it(`a customer: of 8 purchases at once from 8 addresses exactly ${PENDING_CART_LIMITS.perCustomer} wait unpaid`, async () => {
    const rs = await burst(8, (i) =>
      initialize({ purpose: 'gift', gift }, `198.51.100.${i + 1}`, customer(0)),
    )
    expect(count(rs, 200)).toBe(PENDING_CART_LIMITS.perCustomer)
    expect(types(rs, 429)).toEqual(['tooManyPendingCarts'])
    expect(count(rs, 429)).toBe(8 - PENDING_CART_LIMITS.perCustomer)
  })
})

describe('code look-ups (decision 017)', () => {
  const limit = CODE_LIMITS.failuresPerAddress

  it(`GET /api/gifts/check: of 15 unknown codes at once ${limit} are looked up, then 429`, async () => {
    await voucher(t, FREE, 'KNOWN0000001', 3000)
    // Right codes never count: 15 checks of a real code all answer.
    const known = await burst(15, () =>
      t.call('/api/gifts/check/KNOWN0000001', { company: FREE, headers: from('192.0.2.1') }),
    )
    expect(count(known, 200)).toBe(15)
    const rs = await burst(15, (i) =>
      t.call(`/api/gifts/check/GUESS${String(i).padStart(7, '0')}`, {
        company: FREE,
        headers: from('192.0.2.1'),
      }),
    )
    expect(count(rs, 404)).toBe(limit)
    expect(count(rs, 429)).toBe(15 - limit)
    expect(types(rs, 429)).toEqual(['tooManyCodeChecks'])
    // The address is held back, for the other voucher look-ups too; another address is not.
    const nbUsed = await t.call('/api/gifts/nbused/KNOWN0000001/cut', {
      company: FREE,
      headers: from('192.0.2.1'),
    })
    expect(nbUsed.status).toBe(429)
    const other = await t.call('/api/gifts/check/KNOWN0000001', {
      company: FREE,
      headers: from('192.0.2.2'),
    })
    expect(other.status).toBe(200)
    // After the window, the address may try again.
    setClock('2027-04-26T08:16:00Z')
    const later = await t.call('/api/gifts/check/KNOWN0000001', {
      company: FREE,
      headers: from('192.0.2.1'),
    })
    expect(later.status).toBe(200)
    setClock('2027-04-26T08:00:00Z')
  })

  it(`POST /api/coupons/apply and initialize share the coupon count: ${limit} unknown codes, then 429`, async () => {
    const apply = (i: number) =>
      t.call('/api/coupons/apply', {
        company: FREE,
        headers: from('192.0.2.10'),
        json: { code: `NOPE${i}`, shopId: 's1', lines: [{ articleId: 'oil', quantity: 1 }] },
      })
    const first = await burst(limit - 3, apply)
    expect(count(first, 404)).toBe(limit - 3)
    const lines = [{ articleId: 'oil', quantity: 1 }]
    const rs = await burst(6, (i) =>
      initialize(
        { purpose: 'eshop', lines, couponCode: `WRONG${i}` },
        '192.0.2.10',
        customer(i % 2 === 0 ? 1 : 2),
      ),
    )
    expect(count(rs, 404)).toBe(3)
    expect(count(rs, 429)).toBe(3)
    expect(types(rs, 429)).toEqual(['tooManyCodeChecks'])
    expect((await apply(99)).status).toBe(429)
    // Vouchers are counted apart.
    const check = await t.call('/api/gifts/check/NOPE', {
      company: FREE,
      headers: from('192.0.2.10'),
    })
    expect(check.status).toBe(404)
  })

  it(`vouchers tried at initialize count as voucher look-ups: ${limit} unknown, then 429`, async () => {
    expect((await hold(t, FREE, customer(3), 'cut', '09:00')).status).toBe(200)
    const held = (code: string) => ({
      shopid: 's1',
      serviceid: 'cut',
      start: `${WEDNESDAY}T09:00`,
      end: `${WEDNESDAY}T10:00`,
      myAppointment: { giftCode: code },
    })
    const rs = await burst(limit + 4, (i) =>
      initialize(
        { purpose: 'booking', appointments: [held(`BAD${i}`)] },
        '192.0.2.20',
        customer(3),
      ),
    )
    expect(count(rs, 404)).toBe(limit)
    expect(count(rs, 429)).toBe(4)
    expect(types(rs, 429)).toEqual(['tooManyCodeChecks'])
  })
})
