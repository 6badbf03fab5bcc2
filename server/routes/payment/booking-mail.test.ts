import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wallClockDateTime } from '#domain/account/order-dates.ts'
import { formatMoney } from '#domain/money/format-money.ts'
import { LOCALE_INFO, type Locale } from '#i18n/locales.ts'
import { t as translate } from '#i18n/messages.ts'
import { bookingOrders, companies, notifications } from '#server/db/schema/index.ts'
import { renderMail } from '#server/services/notifier/index.ts'
import type { TestApi } from '#server/test/harness.ts'
import { readMessages } from '#server/test/messages.ts'
import {
  customers,
  hold,
  hostOf,
  setClock,
  startPaymentApi,
  tokenOf,
  WEDNESDAY,
} from '#server/test/payment.ts'

/**
 * The booking confirmation e-mail (docs/decisions/011-price-rule.md: the confirmation e-mail shows
 * the amount charged): each appointment at its charged price, and what is due at the shop (free
 * provider, decision 012), in the language the visitor booked in, queued once.
 */
let t: TestApi
let bearers: string[]
const FREE = tokenOf('free')
// one customer a language, each at their own times (the shop's resources are few)
const CUT_AT = ['09:00', '11:00', '13:00']
const COLOR_AT = ['15:00', '16:00', '17:00']
const EUR = { mCurrency: { code: 'EUR', symbol: '€', precision: 2 } }

beforeAll(async () => {
  t = await startPaymentApi(['free'])
  bearers = await customers(t, hostOf('free'), 3, 'mail')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

/** The e-mails to `email`, newest first, as the person reads them. */
async function mailsTo(email: string) {
  const rows = await readMessages(
    t,
    and(eq(notifications.recipient, email), eq(notifications.channel, 'email')),
  )
  return rows.reverse()
}

async function bookAndPay(i: number, locale: Locale) {
  const bearer = bearers[i] ?? ''
  expect((await hold(t, FREE, bearer, 'cut', CUT_AT[i] ?? '')).status).toBe(200)
  expect((await hold(t, FREE, bearer, 'color', COLOR_AT[i] ?? '')).status).toBe(200)
  const init = await t.call('/api/payment/initialize', {
    company: FREE,
    bearer,
    headers: { curlang: locale },
    json: { purpose: 'booking', shopId: 's1' },
  })
  expect(init.status).toBe(200)
  const body = init.body as {
    cartId: string
    result: { token: string }
    prices: { subtotal: { amount: number }; total: { amount: number } }
  }
  const paid = await t.call('/api/payment/pay', {
    company: FREE,
    bearer,
    json: { cartId: body.cartId, paymentToken: body.result.token },
  })
  expect(paid.status).toBe(200)
  return body
}

describe('booking confirmation e-mail', () => {
  it.each(['fr', 'en', 'de'] as const)(
    'in %s: each line at its charged price, the total due at the shop',
    async (locale) => {
      const i = ['fr', 'en', 'de'].indexOf(locale)
      const init = await bookAndPay(i, locale)
      const mails = await mailsTo(`mail${i}@example.com`)
      expect(mails).toHaveLength(1)
      const mail = mails[0]
      const { iso } = LOCALE_INFO[locale]
      const money = (cents: number) => formatMoney(cents, iso, EUR)
      // the shop's price of the cut (4200, not the list 4000), the colour's week price (2500)
      expect(init.prices.subtotal.amount).toBe(6700)
      const body = mail?.body ?? ''
      expect(body).toContain(
        translate(locale, 'bookingMail.line', {
          service: 'Coupe',
          when: wallClockDateTime(`${WEDNESDAY}T${CUT_AT[i]}`, iso),
          price: money(4200),
        }),
      )
      expect(body).toContain(
        translate(locale, 'bookingMail.line', {
          service: 'Couleur',
          when: wallClockDateTime(`${WEDNESDAY}T${COLOR_AT[i]}`, iso),
          price: money(2500),
        }),
      )
      expect(body).toContain(
        translate(locale, 'bookingMail.dueAtShop', { amount: money(init.prices.total.amount) }),
      )
      expect(body).not.toContain(translate(locale, 'bookingMail.paid', { amount: '' }).trim())
      const [order] = await t.db
        .select({ ideorder: bookingOrders.ideorder })
        .from(bookingOrders)
        .where(eq(bookingOrders.cartId, init.cartId))
      // the company by its display name, never its technical name ('pay-free')
      expect(mail?.subject).toBe(
        translate(locale, 'bookingMail.subject', {
          company: 'Pay free',
          number: order?.ideorder ?? '?',
        }),
      )
      // no sentence of another language
      for (const other of ['fr', 'en', 'de'] as const) {
        if (other !== locale) expect(body).not.toContain(translate(other, 'bookingMail.signature'))
      }
      // add to calendar (docs/decisions/039-reminders-and-calendar.md): Google and Outlook, and
      // the file through its signed link, which opens this visit's .ics without a session
      expect(body).toContain(translate(locale, 'calendar.mailIntro'))
      expect(body).toMatch(/https:\/\/calendar\.google\.com\/calendar\/render\?\S+/)
      expect(body).toMatch(/https:\/\/outlook\.live\.com\/calendar\/0\/deeplink\/compose\?\S+/)
      const file = /https?:\/\/[^/\s]+(\/api\/calendar\/\S+)/.exec(body)?.[1] ?? ''
      expect(file).toContain(`/api/calendar/${FREE}/${init.cartId}?token=`)
      const ics = await fetch(`${t.url}${file}`)
      expect(ics.status).toBe(200)
      const text = await ics.text()
      // one entry for the visit, both services, first start to last end, its UID the order's, the
      // same the e-mail attaches (docs/decisions/056-mail-templates.md)
      const unfolded = text.replace(/\r\n[ \t]/g, '')
      expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(1)
      expect(unfolded).toMatch(/\r\nSUMMARY:[^\r]*Coupe/)
      expect(unfolded).toMatch(/\r\nSUMMARY:[^\r]*Couleur/)
      const uid = `UID:${init.cartId}@${hostOf('free')}\r\n`
      expect(unfolded).toContain(uid)
      const [company] = await t.db.select().from(companies).where(eq(companies.token, FREE))
      const rows = await readMessages(t, eq(notifications.recipient, `mail${i}@example.com`))
      const template = rows.at(-1)?.template ?? { kind: '', locale: '', props: {} }
      expect(template).toMatchObject({ kind: 'booking-confirmation', locale })
      const [invite] = (await renderMail(template, company)).attachments
      expect(invite?.content.replace(/\r\n[ \t]/g, '')).toContain(uid)
      for (const name of ['DTSTART', 'DTEND']) {
        const value = (ics: string) => new RegExp(`\r\n${name}:([^\r]*)`).exec(ics)?.[1]
        expect(value(invite?.content ?? '')).toBe(value(unfolded))
      }
    },
  )
})
