import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { carts, couponRedemptions } from '#server/db/schema/index.ts'
import { clock } from '#server/kernel/index.ts'
import { consumeCouponFor, redemptionsOf } from '#server/services/content/index.ts'
import { abandonExpiredCarts } from '#server/services/payments/index.ts'
import { insertContent } from '#server/test/content.ts'
import type { TestApi } from '#server/test/harness.ts'
import {
  companyIdOf,
  customers,
  hostOf,
  NOW,
  setClock,
  startPaymentApi,
  tokenOf,
} from '#server/test/payment.ts'

/**
 * Coupon validity dates and usage limits (docs/decisions/013-coupon-limits.md),
 * end to end: apply previews (reads only), initialize reserves under the coupon's lock, the
 * payment's success uses, a cart given up releases. Bursts are parallel (Promise.all).
 */
let t: TestApi
let bearers: string[]
let companyId: number
const FREE = tokenOf('free')
const who = (i: number) => bearers[i] ?? ''
type Init = { cartId: string; result: { token: string }; prices: { discount: { amount: number } } }

const percent = { reductionType: 'percentage', amount: 10, name: { fr: 'Remise' } }
const valid = { start: '2027-01-01T00:00:00Z', end: '2027-12-31T23:59:00Z' }

beforeAll(async () => {
  t = await startPaymentApi(['free'])
  bearers = await customers(t, hostOf('free'), 40, 'cp')
  companyId = await companyIdOf(t, FREE)
  await insertContent(t.db, hostOf('free'), 'coupons', [
    { id: 'once', code: 'ONCE', ...percent, ...valid, maxUses: 1 },
    { id: 'once2', code: 'ONCE2', ...percent, ...valid, maxUses: 1 },
    { id: 'twice', code: 'TWICE', ...percent, ...valid, maxUses: 2 },
    { id: 'mine', code: 'MINE', ...percent, ...valid, maxUsesPerCustomer: 1 },
    { id: 'lapse', code: 'LAPSE', ...percent, ...valid, maxUses: 1 },
    { id: 'shop', code: 'SHOP1', ...percent, ...valid, maxUses: 1 },
    { id: 'last', code: 'LAST', ...percent, ...valid, maxUses: 1 },
    {
      id: 'past',
      code: 'PAST',
      ...percent,
      start: '2026-01-01T00:00:00Z',
      end: '2027-01-01T00:00:00Z',
    },
    {
      id: 'soon',
      code: 'SOON',
      ...percent,
      start: '2028-01-01T00:00:00Z',
      end: '2028-12-31T00:00:00Z',
    },
  ])
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

/**
 * A hold of the cut (60 min) for customer i in the next free slot: two employees, 09:00-18:00,
 * Tuesday to Saturday of the week after NOW (2027-04-27 to 2027-05-01).
 */
let slot = 0
async function held(i: number) {
  const n = slot++
  const day = ['2027-04-27', '2027-04-28', '2027-04-29', '2027-04-30', '2027-05-01'][
    Math.floor(n / 18)
  ]
  const hour = 9 + Math.floor((n % 18) / 2)
  const hh = String(hour).padStart(2, '0')
  const res = await t.call('/api/appointments', {
    company: FREE,
    bearer: who(i),
    json: {
      shopid: 's1',
      serviceid: 'cut',
      start: `${day}T${hh}:00`,
      end: `${day}T${String(hour + 1).padStart(2, '0')}:00`,
      myAppointment: {},
    },
  })
  expect(res.status).toBe(200)
}
const initialize = (i: number, couponCode: string) =>
  t.call('/api/payment/initialize', {
    company: FREE,
    bearer: who(i),
    json: { purpose: 'booking', shopId: 's1', couponCode },
  })
const pay = (i: number, init: Init) =>
  t.call('/api/payment/pay', {
    company: FREE,
    bearer: who(i),
    json: { cartId: init.cartId, paymentToken: init.result.token },
  })
const apply = (code: string, i?: number) =>
  t.call('/api/coupons/apply', {
    company: FREE,
    ...(i === undefined ? {} : { bearer: who(i) }),
    json: { code, shopId: 's1', lines: [{ articleId: 'cut', quantity: 1 }] },
  })
const rows = (couponId: string) => redemptionsOf(t.db, companyId, couponId)
const statuses = async (couponId: string) => (await rows(couponId)).map((r) => r.status).sort()

describe('a single-use coupon under a parallel burst', () => {
  it('10 initializes at once: exactly one gets it, nine get 409 couponUsed', async () => {
    const team = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    for (const i of team) await held(i)
    const answers = await Promise.all(team.map((i) => initialize(i, 'ONCE')))
    const ok = answers.filter((a) => a.status === 200)
    expect(ok).toHaveLength(1)
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused).toMatchObject({ status: 409, body: { code: 409, type: 'couponUsed' } })
    }
    // 10 % of 42 € (the shop's price of the cut), said apart for the discount line
    expect((ok[0]?.body as Init | undefined)?.prices.discount.amount).toBe(420)
    expect((ok[0]?.body as { coupon?: unknown } | undefined)?.coupon).toEqual({
      code: 'ONCE',
      discount: { amount: 420, currency: 'EUR' },
    })
    expect(await statuses('once')).toEqual(['reserved'])
    // the refused carts were not touched: still open, without a coupon
    const open = await t.db
      .select()
      .from(carts)
      .where(and(eq(carts.companyId, companyId), eq(carts.status, 'open')))
    expect(open.filter((c) => c.couponCode !== null)).toEqual([])
    expect(open.length).toBeGreaterThanOrEqual(9)
  })

  it('10 previews all answer, then 10 initializes and 10 payments use it once', async () => {
    const team = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19]
    const previews = await Promise.all(team.map((i) => apply('ONCE2', i)))
    expect(previews.map((p) => p.status)).toEqual(team.map(() => 200))
    expect(await rows('once2')).toEqual([]) // apply reads only
    for (const i of team) await held(i)
    const answers = await Promise.all(team.map((i) => initialize(i, 'ONCE2')))
    const winners = team.filter((_, k) => answers[k]?.status === 200)
    expect(winners).toHaveLength(1)
    const winner = winners[0] ?? -1
    const init = answers[team.indexOf(winner)]?.body as Init
    // the same payment confirmed ten times at once: one use
    const paid = await Promise.all(team.map(() => pay(winner, init)))
    expect(paid.every((p) => p.status === 200)).toBe(true)
    expect(paid.filter((p) => (p.body as { status: string }).status === 'succeeded').length).toBe(
      10,
    )
    expect(await statuses('once2')).toEqual(['used'])
    expect(await apply('ONCE2', 20)).toMatchObject({ status: 409, body: { type: 'couponUsed' } })
    expect(await apply('ONCE2')).toMatchObject({ status: 409, body: { type: 'couponUsed' } })
  })
})

describe('limits and dates', () => {
  it('maxUses 2: of four carts at once, two get it', async () => {
    const team = [21, 22, 23, 24]
    for (const i of team) await held(i)
    const answers = await Promise.all(team.map((i) => initialize(i, 'twice')))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409, 409])
    expect(await statuses('twice')).toEqual(['reserved', 'reserved'])
  })

  it('maxUsesPerCustomer 1: once per signed-in customer; a visitor may only preview', async () => {
    await held(25)
    const first = await initialize(25, 'MINE')
    expect(first.status).toBe(200)
    expect((await pay(25, first.body as Init)).status).toBe(200)
    expect(await statuses('mine')).toEqual(['used'])
    expect(await apply('MINE', 25)).toMatchObject({ status: 409, body: { type: 'couponUsed' } })
    await held(25)
    const again = await initialize(25, 'MINE')
    expect(again).toMatchObject({ status: 409, body: { code: 409, type: 'couponUsed' } })
    expect(await apply('MINE')).toMatchObject({ status: 200 })
    expect(await apply('MINE', 26)).toMatchObject({ status: 200 })
    await held(26)
    expect((await initialize(26, 'MINE')).status).toBe(200)
    expect(await statuses('mine')).toEqual(['reserved', 'used'])
  })

  it('an ended or not yet started coupon: 400 couponExpired, nothing reserved', async () => {
    for (const code of ['PAST', 'SOON']) {
      expect(await apply(code)).toMatchObject({ status: 400, body: { type: 'couponExpired' } })
    }
    await held(27)
    for (const code of ['PAST', 'SOON']) {
      expect(await initialize(27, code)).toMatchObject({
        status: 400,
        body: { code: 400, type: 'couponExpired' },
      })
    }
    expect(await initialize(27, 'NOPE')).toMatchObject({ status: 404 })
    expect(await rows('past')).toEqual([])
    expect(await rows('soon')).toEqual([])
  })

  it('re-initialising a cart keeps one use: the earlier reservation is released', async () => {
    await held(28)
    expect((await initialize(28, 'LAPSE')).status).toBe(200)
    expect((await initialize(28, 'LAPSE')).status).toBe(200)
    expect(await statuses('lapse')).toEqual(['released', 'reserved'])
    // without the code now: the cart gives its use back
    expect((await initialize(28, '')).status).toBe(200)
    expect(await statuses('lapse')).toEqual(['released', 'released'])
  })
})

describe('release', () => {
  it('a cart whose holds lapsed frees its use; the sweeper releases an abandoned one', async () => {
    await held(29)
    expect((await initialize(29, 'LAPSE')).status).toBe(200)
    await held(30)
    expect(await initialize(30, 'LAPSE')).toMatchObject({ status: 409 })
    // 29's holds lapse (HOLD_MINUTES, 15 by default): its reservation no longer counts
    setClock(new Date(Date.parse(NOW) + 20 * 60_000).toISOString())
    try {
      await held(31)
      expect((await initialize(31, 'LAPSE')).status).toBe(200)
    } finally {
      setClock(NOW)
    }

    const shop = await t.call('/api/payment/initialize', {
      company: FREE,
      bearer: who(32),
      json: {
        purpose: 'eshop',
        shopId: 's1',
        lines: [{ articleId: 'soap', quantity: 1 }],
        couponCode: 'shop1',
      },
    })
    expect(shop.status).toBe(200)
    expect(await statuses('shop')).toEqual(['reserved'])
    setClock(new Date(Date.parse(NOW) + 31 * 60_000).toISOString())
    try {
      expect(await abandonExpiredCarts(t.db)).toBeGreaterThanOrEqual(1)
    } finally {
      setClock(NOW)
    }
    expect(await statuses('shop')).toEqual(['released'])
    const [row] = await t.db
      .select()
      .from(couponRedemptions)
      .where(
        and(eq(couponRedemptions.companyId, companyId), eq(couponRedemptions.couponId, 'shop')),
      )
    expect(row?.customerId).toBe('cp32')
    expect(await apply('SHOP1')).toMatchObject({ status: 200 })
  })
})

describe('use on success', () => {
  it('a cart that lapsed and lost the last use to another cart is refused, not used twice', async () => {
    await held(33)
    const first = await initialize(33, 'LAST')
    expect(first.status).toBe(200)
    // 33's holds lapse; 34 takes the only use
    setClock(new Date(Date.parse(NOW) + 20 * 60_000).toISOString())
    try {
      await held(34)
      expect((await initialize(34, 'LAST')).status).toBe(200)
      const cartId = (first.body as Init).cartId
      const consume = t.db.transaction((tx) =>
        consumeCouponFor(tx, { companyId, cartId, customerId: 'cp33' }, clock.now()),
      )
      await expect(consume).rejects.toMatchObject({ status: 409, type: 'couponUsed' })
    } finally {
      setClock(NOW)
    }
    expect(await statuses('last')).toEqual(['reserved', 'reserved'])
    expect((await rows('last')).filter((r) => r.status === 'used')).toEqual([])
  })
})
