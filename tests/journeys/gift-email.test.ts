import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatMoney } from '#domain/money/format-money'
import { LOCALE_INFO, LOCALES, type Locale, t } from '#i18n/index'
import { launchBrowser } from '#support/browser'
import { journeyProduct } from './support/product'
import { DESKTOP, newVisitor } from './support/shop'
import {
  fillGiftForm,
  pressPay,
  recordPaymentAtShop,
  voucherCodeFromLog,
} from './support/shop-gift'

// docs/product/5-rules.md#gifts: a gift voucher bought on the site and its e-mail read, in French
// and in English. The e-mail is in the buyer's language only (every sentence from that language's
// catalog), names the company by its display name ("Maison Lumière", never "maison-lumiere"), and
// writes the amount the locale's way. The free provider (demo tenants) issues the voucher, and
// sends the e-mail, once the shop records the payment (decision 012).

const HOST = 'maison-lumiere.localhost'
const DISPLAY_NAME = 'Maison Lumière'
const AMOUNT = 100_000 // 1 000,00 €: the grouping differs between the languages
const MONEY = { mCurrency: { symbol: '€', code: 'EUR' }, mCurrencyFormat: '#!' }

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The e-mail printed for `email` (the development notifier of `npm start`, no SMTP): subject and body. */
async function mailTo(email: string, from: number) {
  const product = journeyProduct()
  await voucherCodeFromLog(product, email, from)
  const text = product.output().slice(from)
  const match = text.match(
    new RegExp(
      `notify email to ${escapeRegExp(email)}: \\[([^\\]]*)\\] ([\\s\\S]*?\\n${escapeRegExp(DISPLAY_NAME)})\\n`,
    ),
  )
  if (!match) throw new Error(`no e-mail to ${email} in the log`)
  return { subject: match[1] ?? '', lines: (match[2] ?? '').split('\n') }
}

describe('the gift voucher e-mail, in the buyer’s language', () => {
  const product = journeyProduct()
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it.each([
    ['fr', '/gift', 'Merci'],
    ['en', '/en/gift', 'Thank you'],
  ] as const)(
    'bought in %s: the e-mail is wholly in that language',
    async (locale, path, theme) => {
      const visitor = await newVisitor(browser, product, HOST, DESKTOP)
      const { page } = visitor
      const email = `gift-mail-${locale}.${Date.now()}@example.com`
      const amount = formatMoney(AMOUNT, LOCALE_INFO[locale].iso, MONEY)
      try {
        await page.goto(product.url(HOST, path))
        // the form is hydrated (the header script marks the island data-mounted) before it is filled
        await page.locator('[data-needed-island="gift"][data-mounted] form.gift-form').waitFor()
        await fillGiftForm(page, {
          theme,
          amountLabel: t(locale, 'gift.customAmount'),
          customAmount: '1000',
          customAmountField: t(locale, 'gift.customAmount'),
          nameLabel: new RegExp(escapeRegExp(t(locale, 'gift.recipientName'))),
          name: 'Léa Bernard',
          emailLabel: new RegExp(escapeRegExp(t(locale, 'gift.recipientEmail'))),
          email,
          messageLabel: t(locale, 'gift.message'),
          message: 'Bon anniversaire !',
          continueLabel: t(locale, 'gift.continue'),
        })
        await page.getByRole('heading', { name: t(locale, 'gift.paymentTitle') }).waitFor()
        // the accessible name may carry the amount's no-break spaces as spaces
        const spaced = escapeRegExp(amount).replace(/\s/g, '\\s')
        const pay = page.getByRole('button', { name: new RegExp(spaced) })
        await pay.waitFor()
        const logFrom = product.output().length
        const answer = await pressPay(page, pay, 'click')
        expect(answer.status).toBe('succeeded')
        await recordPaymentAtShop(product, HOST, answer.orderId ?? '', AMOUNT)

        const mail = await mailTo(email, logFrom)
        expect(mail.subject).toBe(t(locale, 'giftMail.subject', { company: DISPLAY_NAME, amount }))
        expect(mail.lines[0]).toBe(t(locale, 'giftMail.greeting', { name: 'Léa Bernard' }))
        expect(mail.lines).toContain(t(locale, 'giftMail.intro', { company: DISPLAY_NAME, amount }))
        expect(
          mail.lines.some((line) => line.startsWith(t(locale, 'giftMail.code', { code: '' }))),
        ).toBe(true)
        expect(mail.lines).toContain(t(locale, 'giftMail.personalMessage'))
        expect(mail.lines).toContain('Bon anniversaire !')
        expect(mail.lines.at(-2)).toBe(t(locale, 'giftMail.signature'))
        // the company's name, never its technical one (the site's address aside)
        const words = `${mail.subject}\n${mail.lines.join('\n')}`.replace(/https?:\/\/\S+/g, '')
        expect(words).not.toContain('maison-lumiere')
        // the site in the buyer's language (a *.localhost site is addressed on :4321, as in development)
        const site = `http://${HOST}:4321${locale === 'fr' ? '/' : `/${locale}`}`
        expect(mail.lines).toContain(t(locale, 'giftMail.howTo', { link: site }))
        // not a word of another language's template
        for (const other of LOCALES.filter((l: Locale) => l !== locale)) {
          expect(mail.lines).not.toContain(t(other, 'giftMail.signature'))
          expect(mail.lines).not.toContain(t(other, 'giftMail.personalMessage'))
        }
        expect(visitor.problems).toEqual([])
      } finally {
        await visitor.context.close()
      }
    },
  )
})
