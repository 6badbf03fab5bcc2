import { Button } from '@react-email/button'
import { Link } from '@react-email/link'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { CSSProperties, ReactNode } from 'react'
import type { MailBrand } from './brand.ts'
import { MUTED_COLOUR, TEXT_COLOUR } from './colours.ts'
import type { MailKey, MailText } from './mail-text.ts'

/**
 * The pieces the templates share. Each text is built whole before it reaches React, so a
 * sentence is one text node (React would put `<!-- -->` between adjacent ones) and a secret
 * placeholder is never cut.
 */
export const BODY_TEXT: CSSProperties = {
  fontSize: '15px',
  lineHeight: '22px',
  margin: '0 0 14px',
  color: TEXT_COLOUR,
}

export function Paragraph({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <Text style={{ ...BODY_TEXT, ...style }}>{children}</Text>
}

const MARK = '\u0000'

interface SentenceProps {
  readonly text: MailText
  readonly k: MailKey
  /** the placeholder written as a link, and the other placeholders' values */
  readonly param: string
  readonly value: string
  readonly href: string
  readonly params?: Readonly<Record<string, string | number>>
  readonly style?: CSSProperties
  readonly linkStyle: CSSProperties
}

/** A catalog sentence one of whose placeholders is a link (an address, a site). */
export function Sentence(props: SentenceProps) {
  const whole = props.text.t(props.k, { ...props.params, [props.param]: MARK })
  const [before = '', ...rest] = whole.split(MARK)
  return (
    <Text style={{ ...BODY_TEXT, ...props.style }}>
      {before}
      <Link href={props.href} style={props.linkStyle}>
        {props.value}
      </Link>
      {rest.join(props.value)}
    </Text>
  )
}

/** The message's main action; the address follows in full for clients that block buttons. */
export function ActionButton(props: {
  readonly href: string
  readonly label: string
  readonly brand: MailBrand
  readonly text: MailText
}) {
  const { colours } = props.brand
  return (
    <Section style={{ margin: '8px 0 18px' }}>
      <Button
        href={props.href}
        style={{
          backgroundColor: colours.accent,
          color: colours.onAccent,
          borderRadius: '4px',
          fontSize: '15px',
          fontWeight: 600,
          padding: '12px 22px',
        }}
      >
        {props.label}
      </Button>
      <Text style={{ ...BODY_TEXT, fontSize: '13px', color: MUTED_COLOUR, margin: '12px 0 0' }}>
        {props.text.t('mail.common.linkFallback')}
      </Text>
      <Text style={{ ...BODY_TEXT, fontSize: '13px', wordBreak: 'break-all', margin: '0' }}>
        <Link href={props.href} style={{ color: colours.link, textDecorationLine: 'underline' }}>
          {props.href}
        </Link>
      </Text>
    </Section>
  )
}

export function Greeting({ text, name }: { text: MailText; name: string }) {
  return (
    <Paragraph>
      {name ? text.t('mail.common.greeting', { name }) : text.t('mail.common.hello')}
    </Paragraph>
  )
}

export function Signature({ text, brand }: { text: MailText; brand: MailBrand }) {
  return (
    <Paragraph style={{ marginTop: '20px' }}>
      {text.t('mail.common.signature')}
      <br />
      {brand.name}
    </Paragraph>
  )
}
