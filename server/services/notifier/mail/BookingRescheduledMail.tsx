import type { MailBrand } from './brand.ts'
import type { MailProps } from './kinds.ts'
import { Layout } from './Layout.tsx'
import type { MailText } from './mail-text.ts'
import { Paragraph } from './parts.tsx'
import { VisitClosing } from './VisitClosing.tsx'

/** A visit moved online (services/visits/notice.ts, decisions 038 and 042). */
export function BookingRescheduledMail(props: {
  p: MailProps['booking-rescheduled']
  text: MailText
  brand: MailBrand
}) {
  const { p, text, brand } = props
  const when = text.when(p.when)
  const difference = p.difference && p.difference.amountCents > 0 ? p.difference : undefined
  return (
    <Layout
      brand={brand}
      text={text}
      preview={text.t('mail.rescheduled.preview', { number: p.number, when })}
      heading={text.t('mail.rescheduled.heading')}
      reason="mail.reason.booking"
    >
      <Paragraph>{text.t('mail.common.hello')}</Paragraph>
      <Paragraph>
        {text.t('mail.rescheduled.body', { shop: p.shop, number: p.number, when })}
      </Paragraph>
      {p.creditedCents > 0 ? (
        <Paragraph>
          {text.t('mail.money.credit', { amount: text.money(p.creditedCents) })}
        </Paragraph>
      ) : null}
      {difference ? (
        <Paragraph>
          {text.t(difference.due ? 'mail.money.dueDifference' : 'mail.money.paidDifference', {
            amount: text.money(difference.amountCents),
          })}
        </Paragraph>
      ) : null}
      <VisitClosing
        manageLink={p.manageLink}
        calendar={p.calendar}
        calendarNote="mail.calendar.updated"
        text={text}
        brand={brand}
      />
    </Layout>
  )
}
