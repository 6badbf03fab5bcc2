import type { MailBrand } from './brand.ts'
import type { MailProps } from './kinds.ts'
import { Layout } from './Layout.tsx'
import type { MailText } from './mail-text.ts'
import { ActionButton, Greeting, Paragraph, Signature } from './parts.tsx'

/**
 * The link to sign a visit's consent forms (services/consents, decision 080): sent when the
 * visit is confirmed; link token `{{secret}}`.
 */
export function ConsentRequestMail(props: {
  p: MailProps['consent-request']
  text: MailText
  brand: MailBrand
}) {
  const { p, text, brand } = props
  const params = { shop: p.shop || brand.name, when: text.when(p.start), number: p.number }
  return (
    <Layout
      brand={brand}
      text={text}
      preview={text.t('mail.consent.preview', params)}
      heading={text.t('mail.consent.heading')}
      reason="mail.reason.consent"
    >
      <Greeting text={text} name={p.firstname} />
      <Paragraph>{text.t('mail.consent.intro', params)}</Paragraph>
      {p.forms.map((title) => (
        <Paragraph key={title}>{`• ${title}`}</Paragraph>
      ))}
      <ActionButton href={p.link} label={text.t('mail.consent.button')} brand={brand} text={text} />
      <Paragraph>{text.t('mail.consent.before')}</Paragraph>
      <Signature text={text} brand={brand} />
    </Layout>
  )
}
