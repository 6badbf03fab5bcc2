import { Link } from '@react-email/link'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { MailBrand } from './brand.ts'
import { MUTED_COLOUR } from './colours.ts'
import type { CalendarProps } from './kinds.ts'
import type { MailKey, MailText } from './mail-text.ts'
import { BODY_TEXT, Paragraph } from './parts.tsx'

/** The calendar links of the visit (file, Google, Outlook) and the note on the attachment. */
export function CalendarBlock(props: {
  readonly calendar: CalendarProps | undefined
  readonly note: MailKey
  readonly text: MailText
  readonly brand: MailBrand
}) {
  const { calendar, text } = props
  if (!calendar) return null
  const style = { color: props.brand.colours.link, textDecorationLine: 'underline' }
  const links = calendar.links
  const entries = links
    ? ([
        ['mail.calendar.file', links.file],
        ['mail.calendar.google', links.google],
        ['mail.calendar.outlook', links.outlook],
      ] as const)
    : []
  return (
    <Section style={{ margin: '0 0 14px' }}>
      {links ? (
        <Paragraph style={{ margin: '0 0 6px' }}>{text.t('mail.calendar.intro')}</Paragraph>
      ) : null}
      {entries.map(([key, href]) =>
        href ? (
          <Text key={key} style={{ ...BODY_TEXT, margin: '0 0 4px' }}>
            <Link href={href} style={style}>
              {text.t(key)}
            </Link>
          </Text>
        ) : null,
      )}
      <Paragraph style={{ fontSize: '13px', color: MUTED_COLOUR, marginTop: '8px' }}>
        {text.t(props.note)}
      </Paragraph>
    </Section>
  )
}
