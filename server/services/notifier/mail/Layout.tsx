import { Body } from '@react-email/body'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Img } from '@react-email/img'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { ReactNode } from 'react'
import type { MailBrand } from './brand.ts'
import { CARD_COLOUR, MUTED_COLOUR, PAGE_COLOUR, TEXT_COLOUR } from './colours.ts'
import type { MailKey, MailText } from './mail-text.ts'
import { Sentence } from './parts.tsx'

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

interface LayoutProps {
  readonly brand: MailBrand
  readonly text: MailText
  /** the line inboxes show after the subject */
  readonly preview: string
  readonly heading: string
  /** why this person receives this message (mail.reason.*) */
  readonly reason: MailKey
  /** the shop the message is addressed to, for mail.reason.shop */
  readonly shop?: string
  /**
   * The line to stop such messages. Transactional messages (codes, resets, confirmations,
   * changes, vouchers, waitlist offers answer something the person did) need none: the law asks
   * it of marketing (CPCE art. L34-5, the ePrivacy directive). The reminder, sent on the
   * company's initiative, carries it (GDPR art. 21, the right to object), as any marketing-like
   * message would.
   */
  readonly optOut?: boolean
  readonly children: ReactNode
}

const footerText = { color: MUTED_COLOUR, fontSize: '12px', lineHeight: '18px', margin: '0 0 8px' }

/**
 * Every e-mail's frame: the company's logo and name over a white card edged with its theme
 * colour, the message, then why the person receives it, how to reach the company and its legal
 * identity. Light colours on purpose, declared as the only scheme: a dark-mode client that
 * inverts anyway inverts a card whose text and background were chosen together.
 */
export function Layout(props: LayoutProps) {
  const { brand, text } = props
  const { colours } = brand
  const link = { color: colours.link, textDecorationLine: 'underline' }
  return (
    <Html lang={text.locale} dir="ltr">
      <Head>
        <meta name="color-scheme" content="light only" />
        <meta name="supported-color-schemes" content="light" />
        <title>{props.heading}</title>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body
        style={{ backgroundColor: PAGE_COLOUR, margin: '0', padding: '24px 0', fontFamily: FONT }}
      >
        <Container
          style={{
            backgroundColor: CARD_COLOUR,
            borderTop: `6px solid ${colours.accent}`,
            borderRadius: '6px',
            maxWidth: '600px',
            color: TEXT_COLOUR,
          }}
        >
          <Section style={{ padding: '24px 32px 0' }}>
            {brand.logo ? (
              <Img src={brand.logo.src} alt={brand.name} height={brand.logo.height} />
            ) : null}
            <Text
              style={{ fontSize: '14px', fontWeight: 600, margin: '8px 0 0', color: TEXT_COLOUR }}
            >
              {brand.name}
            </Text>
          </Section>
          <Section style={{ padding: '0 32px 8px' }}>
            <Heading as="h1" style={{ fontSize: '22px', lineHeight: '30px', color: TEXT_COLOUR }}>
              {props.heading}
            </Heading>
            {props.children}
          </Section>
          <Hr style={{ borderTop: '1px solid #dddddd', margin: '8px 0' }} />
          <Section style={{ padding: '8px 32px 24px' }}>
            <Text style={footerText}>
              {text.t(props.reason, { company: brand.name, shop: props.shop ?? brand.name })}
            </Text>
            <ContactLine brand={brand} text={text} link={link} optOut={props.optOut === true} />
            {brand.legal.map((line) => (
              <Text key={line} style={footerText}>
                {line}
              </Text>
            ))}
          </Section>
        </Container>
      </Body>
    </Html>
  )
}

interface ContactProps {
  readonly brand: MailBrand
  readonly text: MailText
  readonly link: { readonly color: string; readonly textDecorationLine: string }
  readonly optOut: boolean
}

/** How to reach the company: its e-mail address, else its site; and how to stop reminders. */
function ContactLine({ brand, text, link, optOut }: ContactProps) {
  const by = brand.email
    ? { param: 'email', value: brand.email, href: `mailto:${brand.email}` }
    : brand.site
      ? { param: 'site', value: brand.site, href: brand.site }
      : undefined
  if (!by) return null
  const keys = brand.email
    ? (['mail.layout.contactEmail', 'mail.layout.optOutEmail'] as const)
    : (['mail.layout.contactSite', 'mail.layout.optOutSite'] as const)
  return (
    <>
      <Sentence
        text={text}
        k={keys[0]}
        param={by.param}
        value={by.value}
        href={by.href}
        style={footerText}
        linkStyle={link}
      />
      {optOut ? (
        <Sentence
          text={text}
          k={keys[1]}
          param={by.param}
          value={by.value}
          href={by.href}
          style={footerText}
          linkStyle={link}
        />
      ) : null}
    </>
  )
}
