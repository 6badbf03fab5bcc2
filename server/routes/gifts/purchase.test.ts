import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CompanyRow, gifts } from '#server/db/schema/index.ts'
import {
  activateGift,
  createPendingGift,
  type GiftPurchase,
  priceGiftPurchase,
} from '#server/services/gifts/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import {
  companyRow,
  enableGifts,
  insertCart,
  mailsTo,
  newCustomer,
  paidGift as paid,
} from '#server/test/orders.ts'

/** Buying a voucher (the services the payments part calls) and POST /api/gifts/:id/resend. */
let t: TestApi
let alpha: CompanyRow
let buyer: { id: string; token: string }
let other: { id: string; token: string }
const purchase = (over: Partial<GiftPurchase> = {}): GiftPurchase => ({
  themeId: 'th1',
  amount: 5000,
  to: 'Léa',
  email: 'lea@example.com',
  ...over,
})
const paidGift = (customerId: string | undefined) =>
  paid(t.db, alpha, customerId ? { purchaserCustomerId: customerId } : {})

beforeAll(async () => {
  t = await startTestApi()
  alpha = await enableGifts(t.db, 'alpha.localhost')
  buyer = await newCustomer(t.db, 'alpha.localhost')
  other = await newCustomer(t.db, 'alpha.localhost')
})
afterAll(() => t.close())

const A = { company: 'alpha-token' }

describe('gift purchase (services/gifts, called by payments)', () => {
  it('prices a purchase and refuses what docs/product/5-rules.md and our bounds refuse', async () => {
    expect(priceGiftPurchase(alpha, purchase())).toBe(5000)
    const type = (fn: () => unknown) => {
      try {
        fn()
      } catch (error) {
        return (error as { type?: string }).type
      }
      return 'accepted'
    }
    expect(type(() => priceGiftPurchase(alpha, purchase({ themeId: 'nope' })))).toBe(
      'unknownGiftTheme',
    )
    expect(type(() => priceGiftPurchase(alpha, purchase({ amount: 999 })))).toBe(
      'invalidGiftAmount',
    )
    expect(type(() => priceGiftPurchase(alpha, purchase({ amount: 100_001 })))).toBe(
      'invalidGiftAmount',
    )
    const beta = await companyRow(t.db, 'beta.localhost')
    expect(type(() => priceGiftPurchase(beta, purchase()))).toBe('giftsDisabled')
  })

  it('keeps a pending voucher unusable and silent; activation mails the code once', async () => {
    const cartId = await insertCart(t.db, 'alpha.localhost', { purpose: 'gift', shopId: 's1' })
    const pending = await t.db.transaction((tx) =>
      createPendingGift(tx, {
        company: alpha,
        purchase: purchase({ email: 'Once@Example.com' }),
        cartId,
      }),
    )
    expect(pending.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{12}$/)
    expect(pending.status).toBe('pending')
    expect((await t.call(`/api/gifts/check/${pending.code}`, A)).status).toBe(404)
    expect(await mailsTo(t, 'once@example.com')).toEqual([])

    const activate = () =>
      t.db.transaction((tx) => activateGift(tx, { companyId: alpha.id, giftId: pending.id }))
    const active = await activate()
    expect(active?.status).toBe('active')
    expect(active?.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    await activate()
    const mails = await mailsTo(t, 'once@example.com')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.body).toContain(pending.code.slice(0, 4))
    expect(mails[0]?.body).toContain('50,00')
  })

  it('draws distinct codes', async () => {
    const a = await paidGift(undefined)
    const b = await paidGift(undefined)
    expect(a.code).not.toBe(b.code)
  })
})

describe('POST /api/gifts/:id/resend', () => {
  it('changes the recipient and mails the code again', async () => {
    const gift = await paidGift(buyer.id)
    const res = await t.call(`/api/gifts/${gift.id}/resend`, {
      ...A,
      bearer: buyer.token,
      json: { to: 'Noé', email: 'Noe@Example.com' },
    })
    expect(res).toMatchObject({ status: 200, body: { ok: true } })
    const mails = await mailsTo(t, 'noe@example.com')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.body).toContain('Noé')
    const [row] = await t.db.select().from(gifts).where(eq(gifts.id, gift.id))
    expect(row).toMatchObject({ recipientName: 'Noé', recipientEmail: 'noe@example.com' })
  })

  it('404 for another customer’s voucher or an unknown one; 400 for a bad body', async () => {
    const gift = await paidGift(other.id)
    const json = { to: 'X', email: 'x@example.com' }
    expect(
      (await t.call(`/api/gifts/${gift.id}/resend`, { ...A, bearer: buyer.token, json })).status,
    ).toBe(404)
    expect(
      (await t.call('/api/gifts/nope/resend', { ...A, bearer: buyer.token, json })).status,
    ).toBe(404)
    for (const bad of [{ to: '', email: 'x@example.com' }, { to: 'X', email: 'nope' }, {}]) {
      const res = await t.call(`/api/gifts/${gift.id}/resend`, {
        ...A,
        bearer: other.token,
        json: bad,
      })
      expect(res).toMatchObject({ status: 400, body: { type: 'invalidInput' } })
    }
    expect((await t.call(`/api/gifts/${gift.id}/resend`, { ...A, json })).status).toBe(401)
  })

  it('429 after five resends in an hour', async () => {
    const gift = await paidGift(buyer.id)
    const send = () =>
      t.call(`/api/gifts/${gift.id}/resend`, {
        ...A,
        bearer: buyer.token,
        json: { to: 'Zoé', email: 'zoe@example.com' },
      })
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(200)
    expect(await send()).toMatchObject({ status: 429, body: { type: 'tooManyResends' } })
    const rows = await t.db
      .select()
      .from(gifts)
      .where(and(eq(gifts.id, gift.id), eq(gifts.companyId, alpha.id)))
    expect(rows).toHaveLength(1)
  })
})
