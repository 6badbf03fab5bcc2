import { wallClockDateTime } from '#domain/account/order-dates.ts'
import { textFor } from '#domain/consent/rules.ts'
import { LOCALE_INFO } from '#i18n/locales.ts'
import { createTranslator } from '#i18n/messages.ts'
import { localizePath } from '#i18n/paths.ts'
import type { Tx } from '#server/db/client.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { businessName, siteBase } from '#server/kernel/index.ts'
import { readVisit } from '../booking/index.ts'
import { mailTemplate, queueMessage, SECRET } from '../notifier/index.ts'
import { signConsentLink } from './link.ts'
import { formsOfOrders } from './needs.ts'
import { companyLocale, readTemplate } from './templates.ts'

/** The storefront page of the link; the link itself rides in the fragment, never sent to a server. */
export const consentPageUrl = (company: CompanyRow, locale: Parameters<typeof localizePath>[1]) =>
  `${siteBase(company)}${localizePath('/payments/consent', locale)}#${SECRET}`

/**
 * When a visit is confirmed (the booking's payment purpose, in the confirming transaction: sent
 * once it commits, never for a booking that rolled back), the customer gets the link to sign the
 * forms its services ask for, in the language they booked in (docs/decisions/080-consent-record.md).
 * A visit with no form, or without an e-mail address, sends nothing. The link lives until the
 * visit ends.
 */
export async function queueConsentRequest(
  tx: Tx,
  company: CompanyRow,
  orderId: string,
): Promise<void> {
  const forms = (await formsOfOrders(tx, company.id, [orderId])).get(orderId) ?? []
  if (forms.length === 0) return
  const visit = await readVisit(tx, company.id, orderId)
  const first = visit?.lines[0]
  const last = visit?.lines.at(-1)
  if (!visit || !first || !last || !visit.email) return
  const { locale } = visit
  const fallback = companyLocale(company)
  const titles: string[] = []
  for (const form of forms) {
    const template = await readTemplate(tx, company.id, form.id)
    const shown = textFor(template.version.texts, locale, fallback)
    if (shown) titles.push(shown.text.title)
  }
  const t = createTranslator(locale)
  const name = businessName(company)
  const link = consentPageUrl(company, locale)
  const params = {
    number: visit.ideorder,
    when: wallClockDateTime(first.localStart, LOCALE_INFO[locale].iso),
    shop: visit.shopName || name,
    link,
  }
  await queueMessage(tx, {
    channel: 'email',
    to: visit.email,
    subject: t.t('consent.mail.subject', { company: name }),
    body: [
      visit.firstname
        ? t.t('bookingMail.greeting', { name: visit.firstname })
        : t.t('bookingMail.hello'),
      '',
      t.t('consent.mail.intro', params),
      ...titles.map((title) => `- ${title}`),
      '',
      t.t('consent.mail.link', params),
      '',
      name,
    ].join('\n'),
    secret: signConsentLink(company.id, orderId, last.endsAt),
    companyId: company.id,
    template: mailTemplate('consent-request', locale, {
      firstname: visit.firstname,
      shop: params.shop,
      number: visit.ideorder,
      start: first.localStart,
      forms: titles,
      link,
    }),
  })
}
