import type { MailBrand } from './brand.ts'
import { CalendarBlock } from './CalendarBlock.tsx'
import type { MailProps } from './kinds.ts'
import { Layout } from './Layout.tsx'
import type { MailText } from './mail-text.ts'
import { Paragraph, Signature } from './parts.tsx'

/** A visit cancelled online (services/visits/notice.ts, decision 038). */
export function BookingCancelledMail(props: {
  p: MailProps['booking-cancelled']
  text: MailText
  brand: MailBrand
}) {
  const { p, text, brand } = props
  const given = p.amountCents > 0 && p.given !== 'none' ? p.given : undefined
  return (
    <Layout
      brand={brand}
      text={text}
      preview={text.t('mail.cancelled.preview', { number: p.number })}
      heading={text.t('mail.cancelled.heading')}
      reason="mail.reason.booking"
    >
      <Paragraph>{text.t('mail.common.hello')}</Paragraph>
      <Paragraph>
        {text.t('mail.cancelled.body', { when: text.when(p.when), shop: p.shop, number: p.number })}
      </Paragraph>
      {given ? (
        <Paragraph>
          {text.t(given === 'refund' ? 'mail.money.refund' : 'mail.money.credit', {
            amount: text.money(p.amountCents),
          })}
        </Paragraph>
      ) : null}
      {p.failedCents > 0 ? (
        <Paragraph>
          {text.t('mail.money.refundLater', { amount: text.money(p.failedCents) })}
        </Paragraph>
      ) : null}
      {/* the attachment removes the entry: no links to add it again */}
      <CalendarBlock
        calendar={p.calendar ? { ...p.calendar, links: undefined } : undefined}
        note="mail.calendar.cancelled"
        text={text}
        brand={brand}
      />
      <Signature text={text} brand={brand} />
    </Layout>
  )
}
