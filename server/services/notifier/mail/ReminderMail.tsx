import type { MailBrand } from './brand.ts'
import type { MailProps } from './kinds.ts'
import { Layout } from './Layout.tsx'
import type { MailText } from './mail-text.ts'
import { Greeting, Paragraph } from './parts.tsx'
import { Rows, type TableRow } from './Rows.tsx'
import { VisitClosing } from './VisitClosing.tsx'

/** The visit reminder (services/visits/reminders.ts, decision 039): times as booked. */
export function ReminderMail(props: {
  p: MailProps['reminder']
  text: MailText
  brand: MailBrand
}) {
  const { p, text, brand } = props
  const first = p.lines[0]
  const when = first ? text.when(first.localStart) : ''
  const rows: TableRow[] = [
    { key: 'head', cells: [text.t('mail.booking.service'), text.t('mail.booking.when')] },
    ...p.lines.map((line, index) => ({
      key: `line${index}`,
      cells: [line.service, text.when(line.localStart)],
    })),
  ]
  return (
    <Layout
      brand={brand}
      text={text}
      preview={text.t('mail.reminder.preview', { shop: p.shop, when })}
      heading={text.t('mail.reminder.heading')}
      reason="mail.reason.reminder"
      optOut
    >
      <Greeting text={text} name={p.firstname} />
      <Paragraph>{text.t('mail.reminder.intro', { shop: p.shop, when })}</Paragraph>
      <Rows rows={rows} />
      {p.address ? (
        <Paragraph>{text.t('mail.common.address', { address: p.address })}</Paragraph>
      ) : null}
      <Paragraph>{text.t('mail.common.number', { number: p.number })}</Paragraph>
      <VisitClosing
        manageLink={p.manageLink}
        calendar={p.calendar}
        calendarNote="mail.calendar.attached"
        text={text}
        brand={brand}
      />
    </Layout>
  )
}
