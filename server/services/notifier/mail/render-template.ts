import { render, toPlainText } from '@react-email/render'
import { DEFAULT_LOCALE, isLocale } from '#i18n/locales.ts'
import type { CompanyRow, NotificationTemplate } from '#server/db/schema/index.ts'
import type { MailAttachment, RenderedMail } from '../transports.ts'
import { mailBrand } from './brand.ts'
import { companyCalendarFile } from './company-calendar.ts'
import { isMailKind } from './kinds.ts'
import { mailText } from './mail-text.ts'
import { prepare } from './templates.tsx'

export interface RenderOptions {
  /** a `mail.*` key the message's language lacks (its French text was used instead) */
  readonly onMissing?: (key: string) => void
}

/**
 * Renders a template; throws on a kind without template or props that do not fit it (a row
 * written by a producer that does not match this release): the notifier decides what to send.
 */
export async function renderNow(
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
