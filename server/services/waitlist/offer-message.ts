import { wallClockDateTime } from '#domain/account/order-dates.ts'
import { formatClockTime } from '#domain/slots/clock-time.ts'
import { DEFAULT_LOCALE, isLocale, LOCALE_INFO } from '#i18n/locales.ts'
import { createTranslator } from '#i18n/messages.ts'
import { localizePath } from '#i18n/paths.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { businessName, siteBase } from '#server/kernel/index.ts'
import { type Message, mailTemplate, SECRET } from '../notifier/index.ts'

export interface OfferFacts {
  readonly to: { readonly email: string; readonly phone: string | null }
  readonly locale: string
  readonly shopName: string
  /** shop local 'YYYY-MM-DDTHH:MM' */
  readonly start: string
  /** shop local minutes of the offer's end of validity, and its time zone */
  readonly untilMinutes: number
  readonly token: string
  readonly sms: boolean
}

/**
 * The offer (docs/decisions/040-waitlist.md): an e-mail, and an SMS where the company sends them,
 * in the language the customer joined in, with the link to the account's waitlist page. The
 * token goes as the message's secret (decision 018), in the link's fragment (never sent to a
 * server by the browser).
 */
export function offerMessages(company: CompanyRow, facts: OfferFacts): Message[] {
  const locale = isLocale(facts.locale) ? facts.locale : DEFAULT_LOCALE
  const t = createTranslator(locale)
  const name = businessName(company)
  const link = `${siteBase(company)}${localizePath('/profile/waitlist', locale)}#${SECRET}`
  const params = {
    shop: facts.shopName || name,
    when: wallClockDateTime(facts.start, LOCALE_INFO[locale].iso),
    until: formatClockTime(facts.untilMinutes),
    link,
  }
  const email: Message = {
    channel: 'email',
    to: facts.to.email,
    subject: t.t('waitlist.mail.subject', { company: name }),
    body: [
      t.t('waitlist.mail.hello'),
      '',
      t.t('waitlist.mail.offer', params),
      t.t('waitlist.mail.link', params),
      '',
      t.t('waitlist.mail.pass'),
      '',
      name,
    ].join('\n'),
    secret: facts.token,
    companyId: company.id,
    template: mailTemplate('waitlist-offer', locale, {
      shop: params.shop,
      start: facts.start,
      untilMinutes: facts.untilMinutes,
      link,
    }),
  }
  if (!facts.sms || !facts.to.phone) return [email]
  return [
    email,
    {
      channel: 'sms',
      to: facts.to.phone,
      body: t.t('waitlist.sms', { ...params, company: name }),
      secret: facts.token,
      companyId: company.id,
    },
  ]
}
