import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coupon } from '#contract/coupon.ts'
import { countPublished, insertContent } from '#server/test/content.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'

let t: TestApi
let customer: string
const open = { start: '2026-01-01T00:00:00Z', end: '2099-01-01T00:00:00Z' }
beforeAll(async () => {
  t = await startTestApi()
  customer = await bearer(t, 'alpha.localhost', 'customer')
  await insertContent(t.db, 'alpha.localhost', 'articles', [
    {
      id: 'a3',
      slug: 'massage',
      name: { fr: 'Massage' },
      type: '1',
      prices: 8000,
      weekprices: 7000,
      booker: { pricesByShops: [{ boutiqueId: 's1', pvTtc: 5000 }] },
    },
    {
      id: 'a4',
      slug: 'manucure',
      name: { fr: 'Manucure' },
      type: '1',
      prices: 3000,
      weekprices: 2500,
    },
  ])
  const percent = { reductionType: 'percentage', name: { fr: 'Remise' } }
  await insertContent(t.db, 'alpha.localhost', 'coupons', [
    { id: 'c1', code: 'HIVER15', ...percent, amount: 15, serviceIds: ['a1'], ...open },
    { id: 'c2', code: 'DIX', reductionType: 'amount', amount: 1000, minAmount: 6000, ...open },
    { id: 'c3', code: 'AUTO5', ...percent, amount: 5, automatic: true, word: 'PROMO' },
    { id: 'c4', code: 'OFF', ...percent, amount: 50, active: false },
    { id: 'c5', code: 'OLD', ...percent, amount: 20, end: '2020-01-01T00:00:00Z' },
  ])
  await insertContent(t.db, 'beta.localhost', 'coupons', [
    { id: 'c9', code: 'BETA10', ...percent, amount: 10 },
  ])
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }
const apply = (json: unknown, extra: { bearer?: string; company?: string } = {}) =>
  t.call('/api/coupons/apply', { ...alpha, ...extra, json })
const cart = (code: string, ...lines: [string, number][]) => ({
  code,
  shopId: 's1',
  lines: lines.map(([articleId, quantity]) => ({ articleId, quantity })),
})
const eur = (amount: number) => ({ amount, currency: 'EUR' })

describe('GET /api/coupons', () => {
  it('lists active coupons without the codes of those that are handed out', async () => {
    const res = await t.call('/api/coupons', alpha)
    expect(res.status).toBe(200)
    const list = res.body as Record<string, unknown>[]
    expect(list.map((c) => c.id)).toEqual(['c1', 'c2', 'c3', 'c5'])
    expect(list.map((c) => c.code)).toEqual([undefined, undefined, 'AUTO5', undefined])
    for (const item of list) expect(coupon.safeParse(item).success).toBe(true)
    expect((await t.call('/api/coupons', { company: 'beta-token' })).body).toMatchObject([
      { id: 'c9' },
    ])
  })
})

describe('POST /api/coupons/apply', () => {
  it('takes a percentage off the lines it covers, the code in any case', async () => {
    const res = await apply(cart('hiver15', ['a1', 2], ['a4', 1]))
    expect(res).toMatchObject({
      status: 200,
      body: {
        coupon: { id: 'c1', code: 'HIVER15' },
        discount: eur(1950),
        total: eur(13_000 + 2500 - 1950),
      },
    })
  })

  it('prices from the catalogue: shop price first, then the week price', async () => {
    // a3: 5000 in shop s1 (not 8000 nor 7000); a4: week price 2500. 7500 >= minimum 6000.
    const res = await apply(cart('DIX', ['a3', 1], ['a4', 1]), { bearer: customer })
    expect(res.body).toMatchObject({ discount: eur(1000), total: eur(6500) })
  })

  it('applies the automatic coupon by its public code', async () => {
    const res = await apply(cart('AUTO5', ['a1', 1]))
    expect(res.body).toMatchObject({
      coupon: { automatic: true },
      discount: eur(325),
      total: eur(6175),
    })
  })

  it('refuses expired, switched-off and inapplicable coupons with 400', async () => {
    const cases: [unknown, string][] = [
      [cart('OLD', ['a1', 1]), 'couponExpired'],
      [cart('OFF', ['a1', 1]), 'couponExpired'],
      [cart('DIX', ['a4', 1]), 'couponNotApplicable'],
      [cart('HIVER15', ['a4', 1]), 'couponNotApplicable'],
    ]
    for (const [body, type] of cases) {
      expect(await apply(body)).toMatchObject({ status: 400, body: { code: 400, type } })
    }
  })

  it('answers 404 to unknown codes, articles and shops, another company’s included', async () => {
    const cases = [
      cart('NOPE', ['a1', 1]),
      cart('BETA10', ['a1', 1]),
      cart('HIVER15', ['zz', 1]),
      cart('HIVER15', ['a2', 1]), // a draft cannot be bought
      { ...cart('HIVER15', ['a1', 1]), shopId: 's2' },
    ]
    for (const body of cases) {
      expect(await apply(body)).toMatchObject({
        status: 404,
        body: { code: 404, type: 'notFound' },
      })
    }
  })

  it('answers 400 to malformed requests and 401 to a dead bearer; nothing is written', async () => {
    const before = await countPublished(t.db)
    const bad = [
      { code: 'DIX', shopId: 's1' },
      cart('', ['a1', 1]),
      cart('DIX', ['a1', 0]),
      { ...cart('DIX', ['a1', 1]), lines: 'a1' },
    ]
    for (const body of bad) {
      expect(await apply(body)).toMatchObject({ status: 400, body: { type: 'invalidInput' } })
    }
    const raw = await t.call('/api/coupons/apply', { ...alpha, raw: '{"code"' })
    expect(raw).toMatchObject({ status: 400, body: { type: 'invalidJson' } })
    const foreign = await bearer(t, 'beta.localhost', 'customer')
    expect((await apply(cart('DIX', ['a3', 2]), { bearer: foreign })).status).toBe(401)
    const anonymous = await t.call('/api/coupons/apply', { json: cart('DIX', ['a3', 2]) })
    expect(anonymous).toMatchObject({ status: 400, body: { type: 'companyRequired' } })
    expect(await countPublished(t.db)).toBe(before)
  })
})
