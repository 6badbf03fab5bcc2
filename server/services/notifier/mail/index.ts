import type { CompanyRow, NotificationTemplate } from '#server/db/schema/index.ts'
import type { MailRenderer, RenderedMail } from '../transports.ts'
import type { RenderOptions } from './render-template.ts'

/**
 * Every e-mail as HTML and text from one React Email template per kind (decision 056,
 * docs/decisions/056-mail-templates.md): the producers queue `template: { kind, locale, props }`
 * with their message, the notifier renders it here at delivery with the message's company and
 * fills the secrets in afterwards (the props hold only their placeholders).
 */
export { type CalendarEvent, visitUid } from './calendar-file.ts'
export { companyCalendarFile } from './company-calendar.ts'
export { type CalendarProps, type MailProps, mailTemplate } from './kinds.ts'

/**
 * Renders a template (render-template.ts). React Email and the templates load with the first
 * e-mail, not with the API: they take about a second to load on this machine, which every start
 * (a restart after a crash, decision 015; every API test file) would pay, and the producers
 * import this module for `mailTemplate`.
 */
export async function renderTemplate(
  template: NotificationTemplate,
  company: CompanyRow | undefined,
  options: RenderOptions = {},
): Promise<RenderedMail> {
  const { renderNow } = await import('./render-template.ts')
  return renderNow(template, company, options)
}

export const renderMail: MailRenderer = (template, company) => renderTemplate(template, company)
