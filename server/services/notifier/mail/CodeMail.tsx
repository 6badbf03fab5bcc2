import type { MailBrand } from './brand.ts'
import type { MailProps } from './kinds.ts'
import { Layout } from './Layout.tsx'
import type { MailText } from './mail-text.ts'
import { Paragraph, Signature } from './parts.tsx'

/** The e-mail code of a sign-up (services/accounts/codes.ts); the code is `{{secret}}`. */
export function CodeMail(props: { p: MailProps['code']; text: MailText; brand: MailBrand }) {
  const { p, text, brand } = props
  const company = brand.name
  return (
    <Layout
      brand={brand}
      text={text}
      preview={text.t('mail.code.preview', { company })}
      heading={text.t('mail.code.heading')}
      reason="mail.reason.code"
    >
      <Paragraph>{text.t('mail.common.hello')}</Paragraph>
      <Paragraph>{text.t('mail.code.intro', { company })}</Paragraph>
      <Paragraph
        style={{ fontSize: '28px', lineHeight: '36px', fontWeight: 700, letterSpacing: '4px' }}
      >
        {p.code}
      </Paragraph>
      <Paragraph>{text.t('mail.code.expires', { minutes: p.minutes })}</Paragraph>
      <Paragraph>{text.t('mail.common.ignore')}</Paragraph>
      <Signature text={text} brand={brand} />
    </Layout>
  )
}
