import { render, toPlainText } from '@react-email/render'
import { DEFAULT_LOCALE, isLocale, type Locale } from '#i18n/locales.ts'
import type { CompanyRow, NotificationTemplate } from '#server/db/schema/index.ts'
import type { MailAttachment, MailRenderer, RenderedMail } from '../transports.ts'
import { mailBrand } from './brand.ts'
import { type CalendarEvent, type CalendarMethod, calendarFile } from './calendar-file.ts'
import { isMailKind } from './kinds.ts'
import { mailText } from './mail-text.ts'
import { prepare } from './templates.tsx'

/**
 * Every e-mail as HTML and text from one React Email template per kind (decision 056,
 * docs/decisions/056-mail-templates.md): the producers queue `template: { kind, locale, props }`
 * with their message, the notifier renders it here at delivery with the message's company and
 * fills the secrets in afterwards (the props hold only their placeholders).
 */
export { type CalendarEvent, visitUid } from './calendar-file.ts'
export { type CalendarProps, type MailProps, mailTemplate } from './kinds.ts'

export interface RenderOptions {
  /** a `mail.*` key the message's language lacks (its French text was used instead) */
  readonly onMissing?: (key: string) => void
}

/**
 * Renders a template; throws on a kind without template or props that do not fit it (a row
 * written by a producer that does not match this release): the notifier decides what to send.
 */
export async function renderTemplate(
  template: NotificationTemplate,
  company: CompanyRow | undefined,
  options: RenderOptions = {},
): Promise<RenderedMail> {
  const { kind } = template
  if (!isMailKind(kind)) throw new Error(`mail: no template for the kind "${kind}"`)
  const locale = isLocale(template.locale) ? template.locale : DEFAULT_LOCALE
  const brand = mailBrand(company, locale)
  const text = mailText(locale, brand.money, options.onMissing)
  const { element, calendar } = prepare(kind, template.props, text, brand)
  const html = await render(element)
  const attachments: MailAttachment[] = []
  if (calendar) {
    const method = kind === 'booking-cancelled' ? 'CANCEL' : 'PUBLISH'
    const changedAt = new Date(calendar.changedAt)
    const content = companyCalendarFile(company, locale, calendar.event, method, changedAt)
    attachments.push({ filename: 'invite.ics', contentType: 'text/calendar', content, method })
  }
  // the text part is the same render, as plain text (links written out after their words)
  return { html, text: toPlainText(html), attachments }
}

/**
 * A visit's .ics as the company sends it: the e-mails' `invite.ics` and the file of
 * GET /api/calendar alike, the company as the entry's organizer where its address is known.
 */
export function companyCalendarFile(
  company: CompanyRow | undefined,
  locale: Locale,
  event: CalendarEvent,
  method: CalendarMethod,
  changedAt: Date,
): string {
  const brand = mailBrand(company, locale)
  return calendarFile(event, {
    method,
    changedAt,
    organizer: { name: brand.name, email: brand.email },
  })
}

export const renderMail: MailRenderer = (template, company) => renderTemplate(template, company)
