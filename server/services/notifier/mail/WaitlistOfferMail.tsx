import { formatClockTime } from '#domain/slots/clock-time.ts'
import type { MailBrand } from './brand.ts'
import type { MailProps } from './kinds.ts'
import { Layout } from './Layout.tsx'
import type { MailText } from './mail-text.ts'
import { ActionButton, Paragraph, Signature } from './parts.tsx'

/** A freed slot offered to the first in line (services/waitlist, decision 040); link token `{{secret}}`. */
export function WaitlistOfferMail(props: {
  p: MailProps['waitlist-offer']
  text: MailText
  brand: MailBrand
}) {
  const { p, text, brand } = props
  const params = {
    shop: p.shop || brand.name,
    when: text.when(p.start),
    until: formatClockTime(p.untilMinutes),
  }
  return (
    <Layout
      brand={brand}
      text={text}
      preview={text.t('mail.waitlist.preview', params)}
      heading={text.t('mail.waitlist.heading')}
      reason="mail.reason.waitlist"
    >
      <Paragraph>{text.t('mail.common.hello')}</Paragraph>
      <Paragraph>{text.t('mail.waitlist.offer', params)}</Paragraph>
      <ActionButton
        href={p.link}
        label={text.t('mail.waitlist.button')}
        brand={brand}
        text={text}
      />
      <Paragraph>{text.t('mail.waitlist.pass')}</Paragraph>
      <Signature text={text} brand={brand} />
    </Layout>
  )
}
