import type { MailBrand } from './brand.ts'
import type { MailProps } from './kinds.ts'
import { Layout } from './Layout.tsx'
import type { MailText } from './mail-text.ts'
import { Paragraph, Signature } from './parts.tsx'

/**
 * The e-mail code of a sign-up (services/accounts/codes.ts), or of a sign-in past the account's
 * budget (services/accounts/sign-in-code.ts, docs/decisions/061-sign-in-budget.md); the code is
 * `{{secret}}`.
 */
export function CodeMail(props: { p: MailProps['code']; text: MailText; brand: MailBrand }) {
  const { p, text, brand } = props
  const company = brand.name
  const signIn = p.purpose === 'signIn'
  return (
    <Layout
      brand={brand}
      text={text}
      preview={text.t(signIn ? 'mail.signInCode.preview' : 'mail.code.preview', { company })}
      heading={text.t(signIn ? 'mail.signInCode.heading' : 'mail.code.heading')}
      reason={signIn ? 'mail.reason.signInCode' : 'mail.reason.code'}
    >
      <Paragraph>{text.t('mail.common.hello')}</Paragraph>
      <Paragraph>
        {text.t(signIn ? 'mail.signInCode.intro' : 'mail.code.intro', { company })}
      </Paragraph>
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
