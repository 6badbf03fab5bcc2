import type { MailBrand } from './brand.ts'
import type { MailProps } from './kinds.ts'
import { Layout } from './Layout.tsx'
import type { MailText } from './mail-text.ts'
import { Paragraph } from './parts.tsx'

/** To the shop's address: a customer cancelled or moved a visit online (decision 038). */
export function ShopNoticeMail(props: {
  p: MailProps['shop-booking-changed']
  text: MailText
  brand: MailBrand
}) {
  const { p, text, brand } = props
  const cancelled = p.change === 'cancelled'
  const heading = text.t(
    cancelled ? 'mail.shopNotice.cancelledHeading' : 'mail.shopNotice.movedHeading',
  )
  const when = (local: string | undefined) => (local ? text.when(local) : '')
  const line = cancelled
    ? text.t('mail.shopNotice.cancelled', { number: p.number, when: when(p.when) })
    : text.t('mail.shopNotice.moved', { number: p.number, from: when(p.from), to: when(p.to) })
  const difference = p.difference && p.difference.amountCents > 0 ? p.difference : undefined
  return (
    <Layout
      brand={brand}
      text={text}
      preview={line}
      heading={heading}
      reason="mail.reason.shop"
      shop={p.shop || brand.name}
    >
      <Paragraph>{line}</Paragraph>
      {cancelled && p.failedCents > 0 ? (
        <Paragraph>
          {text.t('mail.shopNotice.refundFailed', { amount: text.money(p.failedCents) })}
        </Paragraph>
      ) : null}
      {!cancelled && difference ? (
        <Paragraph>
          {text.t(difference.due ? 'mail.money.dueDifference' : 'mail.money.paidDifference', {
            amount: text.money(difference.amountCents),
          })}
        </Paragraph>
      ) : null}
    </Layout>
  )
}
