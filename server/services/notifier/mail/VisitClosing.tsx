import type { MailBrand } from './brand.ts'
import { CalendarBlock } from './CalendarBlock.tsx'
import type { CalendarProps } from './kinds.ts'
import type { MailKey, MailText } from './mail-text.ts'
import { ActionButton, Paragraph, Signature } from './parts.tsx'

/**
 * How every e-mail about a visit ends: the signed link to move or cancel it (when the visit may
 * still be managed, decision 038), its calendar entry (decision 056) and the salon's signature.
 */
export function VisitClosing(props: {
  readonly manageLink: string | undefined
  readonly calendar: CalendarProps | undefined
  readonly calendarNote: MailKey
  readonly text: MailText
  readonly brand: MailBrand
}) {
  const { manageLink, text, brand } = props
  return (
    <>
      {manageLink ? (
        <>
          <Paragraph>{text.t('mail.manage.intro')}</Paragraph>
          <ActionButton
            href={manageLink}
            label={text.t('mail.manage.button')}
            brand={brand}
            text={text}
          />
        </>
      ) : null}
      <CalendarBlock
        calendar={props.calendar}
        note={props.calendarNote}
        text={text}
        brand={brand}
      />
      <Signature text={text} brand={brand} />
    </>
  )
}
