import type { MailBrand } from './brand.ts'
import type { MailProps } from './kinds.ts'
import { Layout } from './Layout.tsx'
import type { MailText } from './mail-text.ts'
import { ActionButton, Paragraph, Signature } from './parts.tsx'

/** The password reset link (services/accounts/password-reset.ts), its token `{{secret}}`. */
export function PasswordResetMail(props: {
  p: MailProps['password-reset']
  text: MailText
  brand: MailBrand
}) {
  const { p, text, brand } = props
  return (
    <Layout
      brand={brand}
      text={text}
      preview={text.t('mail.passwordReset.preview', { company: brand.name })}
      heading={text.t('mail.passwordReset.heading')}
      reason="mail.reason.passwordReset"
    >
      <Paragraph>{text.t('mail.common.hello')}</Paragraph>
      <Paragraph>{text.t('mail.passwordReset.intro', { minutes: p.minutes })}</Paragraph>
      <ActionButton
        href={p.link}
        label={text.t('mail.passwordReset.button')}
        brand={brand}
        text={text}
      />
      <Paragraph>{text.t('mail.common.ignore')}</Paragraph>
      <Signature text={text} brand={brand} />
    </Layout>
  )
}
