import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarDate } from '#domain/account/order-dates.ts'
import { formatMoney } from '#domain/money/format-money.ts'
import { LOCALE_INFO, LOCALES, type Locale } from '#i18n/locales.ts'
import { t as translate } from '#i18n/messages.ts'
import { type CompanyRow, carts, gifts, notifications } from '#server/db/schema/index.ts'
import {
  activateCartGifts,
  createPendingGift,
  displayGiftCode,
} from '#server/services/gifts/index.ts'
import type { TestApi } from '#server/test/harness.ts'
import { readMessages } from '#server/test/messages.ts'
import { companyRow, insertCart, newCustomer } from '#server/test/orders.ts'
import { hostOf, setClock, startPaymentApi, tokenOf } from '#server/test/payment.ts'

/**
 * The voucher e-mail (docs/product/5-rules.md#gifts): in the buyer's language, wholly (every
 * sentence from that language's catalog), the company named by its display name, amounts and dates
 * written the locale's way; the resend sends the same e-mail.
 */
let t: TestApi
let company: CompanyRow
const HOST = hostOf('free')
const A = { company: tokenOf('free') }
// the tenant's identity.displayName; its technical name (nickname) is 'pay-free'
const DISPLAY_NAME = 'Pay free'

beforeAll(async () => {
  t = await startPaymentApi(['free'])
  company = await companyRow(t.db, HOST)
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

/** A voucher bought in `locale` (its cart keeps the language, as initialize writes it), paid. */
async function boughtIn(locale: Locale, email: string, purchaserCustomerId?: string) {
  const cartId = await insertCart(t.db, HOST, { purpose: 'gift', shopId: 's1' })
  await t.db.update(carts).set({ data: { locale } }).where(eq(carts.id, cartId))
  return t.db.transaction(async (tx) => {
    await createPendingGift(tx, {
      company,
      purchase: {
        themeId: 'th1',
        amount: 100_000,
        to: 'Léa',
        email,
        message: 'Joyeux anniversaire',
      },
      cartId,
      fromName: 'Camille',
      purchaserCustomerId,
    })
    const [gift] = await activateCartGifts(tx, { companyId: company.id, cartId })
    if (!gift) throw new Error('not activated')
    return gift
  })
}

/** The e-mails to `email`, newest first, as the person reads them. */
async function mailsTo(email: string) {
  const rows = await readMessages(
    t,
    and(eq(notifications.recipient, email), eq(notifications.channel, 'email')),
  )
  return rows.reverse()
}

/** What an e-mail in `locale` must say, and the sentences of the other languages it must not. */
function expectIn(
  locale: Locale,
  mail: { subject: string; body: string },
  code: string,
  until: string,
) {
  const { iso } = LOCALE_INFO[locale]
  const amount = formatMoney(100_000, iso, {
    mCurrency: { code: 'EUR', symbol: '€', precision: 2 },
  })
  expect(mail.subject).toBe(
    translate(locale, 'giftMail.subject', { company: DISPLAY_NAME, amount }),
  )
  const lines = mail.body.split('\n')
  expect(lines).toContain(translate(locale, 'giftMail.greeting', { name: 'Léa' }))
  expect(lines).toContain(
    translate(locale, 'giftMail.introFrom', { from: 'Camille', company: DISPLAY_NAME, amount }),
  )
  expect(lines).toContain(translate(locale, 'giftMail.code', { code: displayGiftCode(code) }))
  expect(lines).toContain(
    translate(locale, 'giftMail.validUntil', { date: calendarDate(until, iso) }),
  )
  expect(lines).toContain(translate(locale, 'giftMail.personalMessage'))
  expect(lines).toContain('Joyeux anniversaire')
  expect(lines).toContain(translate(locale, 'giftMail.signature'))
  // the company's display name, never its technical name
  expect(`${mail.subject}\n${mail.body}`).not.toContain('pay-free')
  // the site's address in the buyer's language
  expect(lines).toContain(
    translate(locale, 'giftMail.howTo', {
      link: `https://free.example/${locale === 'fr' ? '' : locale}`,
    }),
  )
  for (const other of LOCALES.filter((l) => l !== locale)) {
    for (const key of ['giftMail.signature', 'giftMail.personalMessage'] as const) {
      expect(lines).not.toContain(translate(other, key))
    }
    expect(lines).not.toContain(translate(other, 'giftMail.greeting', { name: 'Léa' }))
  }
}

describe('the voucher e-mail', () => {
  it.each(LOCALES)(
    'bought in %s: wholly in that language, with the display name',
    async (locale) => {
      const email = `lea-${locale}@example.com`
      const gift = await boughtIn(locale, email)
      const [mail] = await mailsTo(email)
      if (!mail || !gift.validUntil) throw new Error('no e-mail or no validity')
      expectIn(locale, mail, gift.code, gift.validUntil)
    },
  )

  it('French and English differ in number and date format', async () => {
    const fr = await boughtIn('fr', 'lea-fmt-fr@example.com')
    const en = await boughtIn('en', 'lea-fmt-en@example.com')
    const [frMail] = await mailsTo('lea-fmt-fr@example.com')
    const [enMail] = await mailsTo('lea-fmt-en@example.com')
    expect(frMail?.body).toContain('1\u202f000,00\u00a0€')
    expect(enMail?.body).toContain('1,000.00\u00a0€')
    expect(fr.validUntil).toBe(en.validUntil)
    expect(frMail?.body).toContain(calendarDate(fr.validUntil ?? '', 'fr-FR'))
    expect(frMail?.body).not.toContain(fr.validUntil ?? '-')
  })

  it('a voucher without a kept language is written in French', async () => {
    const cartId = await insertCart(t.db, HOST, { purpose: 'gift', shopId: 's1' })
    await t.db.transaction(async (tx) => {
      await createPendingGift(tx, {
        company,
        purchase: { themeId: 'th1', amount: 5000, to: 'Léa', email: 'lea-none@example.com' },
        cartId,
      })
      await activateCartGifts(tx, { companyId: company.id, cartId })
    })
    const [mail] = await mailsTo('lea-none@example.com')
    expect(mail?.body.split('\n')[0]).toBe(translate('fr', 'giftMail.greeting', { name: 'Léa' }))
  })

  it('POST /api/gifts/:id/resend sends the same e-mail, in the buyer’s language', async () => {
    const buyer = await newCustomer(t.db, HOST)
    const gift = await boughtIn('de', 'lea-de-first@example.com', buyer.id)
    const res = await t.call(`/api/gifts/${gift.id}/resend`, {
      ...A,
      bearer: buyer.token,
      // the resend request's own language does not change the voucher's
      headers: { curlang: 'es' },
      json: { to: 'Léa', email: 'lea-de-again@example.com' },
    })
    expect(res.status).toBe(200)
    const [first] = await mailsTo('lea-de-first@example.com')
    const [again] = await mailsTo('lea-de-again@example.com')
    if (!first || !again || !gift.validUntil) throw new Error('missing e-mail')
    expectIn('de', again, gift.code, gift.validUntil)
    expect([again.subject, again.body]).toEqual([first.subject, first.body])
  })
})

describe('initialize keeps the buyer’s language for the e-mail', () => {
  it('a voucher bought with curlang en is e-mailed in English when it is activated', async () => {
    const res = await t.call('/api/payment/initialize', {
      ...A,
      headers: { curlang: 'en' },
      json: {
        purpose: 'gift',
        shopId: 's1',
        gift: {
          themeId: 'th1',
          amount: 100_000,
          to: 'Léa',
          email: 'lea-init@example.com',
          message: 'Joyeux anniversaire',
        },
      },
    })
    expect(res.status).toBe(200)
    const { cartId } = res.body as { cartId: string }
    const [cart] = await t.db.select().from(carts).where(eq(carts.id, cartId))
    expect(cart?.data.locale).toBe('en')
    // activated by whichever path pays it (the provider's success, or the shop recording it)
    await t.db.update(gifts).set({ fromName: 'Camille' }).where(eq(gifts.cartId, cartId))
    const [gift] = await t.db.transaction((tx) =>
      activateCartGifts(tx, { companyId: company.id, cartId }),
    )
    const [mail] = await mailsTo('lea-init@example.com')
    if (!gift?.validUntil || !mail) throw new Error('not activated or not e-mailed')
    expectIn('en', mail, gift.code, gift.validUntil)
  })
})
