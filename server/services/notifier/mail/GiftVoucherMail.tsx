import { calendarDate } from '#domain/account/order-dates.ts'
import { LOCALE_INFO } from '#i18n/locales.ts'
import type { MailBrand } from './brand.ts'
import type { MailProps } from './kinds.ts'
import { Layout } from './Layout.tsx'
import type { MailText } from './mail-text.ts'
import { ActionButton, Greeting, Paragraph, Signature } from './parts.tsx'

/** A gift voucher's code for its recipient (services/gifts/message.ts); the code is `{{secret}}`. */
export function GiftVoucherMail(props: {
  p: MailProps['gift-voucher']
  text: MailText
  brand: MailBrand
}) {
  const { p, text, brand } = props
  const amount = text.money(p.amountCents)
  const company = brand.name
  const intro = p.fromName
    ? text.t('mail.gift.introFrom', { from: p.fromName, company, amount })
    : text.t('mail.gift.intro', { company, amount })
  return (
    <Layout
      brand={brand}
      text={text}
      preview={text.t('mail.gift.preview', { company, amount })}
      heading={text.t('mail.gift.heading')}
      reason="mail.reason.gift"
    >
      <Greeting text={text} name={p.recipientName} />
      <Paragraph>{intro}</Paragraph>
      <Paragraph style={{ margin: '0 0 4px' }}>{text.t('mail.gift.code')}</Paragraph>
      <Paragraph
        style={{ fontSize: '24px', lineHeight: '32px', fontWeight: 700, letterSpacing: '2px' }}
      >
        {p.code}
      </Paragraph>
      {p.validUntil ? (
        <Paragraph>
          {text.t('mail.gift.validUntil', {
            date: calendarDate(p.validUntil, LOCALE_INFO[text.locale].iso),
          })}
        </Paragraph>
      ) : null}
      {p.message ? (
        <>
          <Paragraph style={{ margin: '0 0 4px' }}>{text.t('mail.gift.personalMessage')}</Paragraph>
          <Paragraph style={{ fontStyle: 'italic', whiteSpace: 'pre-line' }}>{p.message}</Paragraph>
        </>
      ) : null}
      <Paragraph>{text.t('mail.gift.howTo')}</Paragraph>
      <ActionButton
        href={p.siteLink}
        label={text.t('mail.gift.button')}
        brand={brand}
        text={text}
      />
      <Signature text={text} brand={brand} />
    </Layout>
  )
}
