import type { ReactElement } from 'react'
import { BookingCancelledMail } from './BookingCancelledMail.tsx'
import { BookingConfirmationMail } from './BookingConfirmationMail.tsx'
import { BookingRescheduledMail } from './BookingRescheduledMail.tsx'
import type { MailBrand } from './brand.ts'
import { CodeMail } from './CodeMail.tsx'
import { ConsentRequestMail } from './ConsentRequestMail.tsx'
import { GiftVoucherMail } from './GiftVoucherMail.tsx'
import { type CalendarProps, type MailKind, mailProps } from './kinds.ts'
import type { MailText } from './mail-text.ts'
import { PasswordResetMail } from './PasswordResetMail.tsx'
import { ReminderMail } from './ReminderMail.tsx'
import { ShopNoticeMail } from './ShopNoticeMail.tsx'
import { WaitlistOfferMail } from './WaitlistOfferMail.tsx'

/** A kind's template with its props checked (a ZodError names what does not fit). */
export interface Prepared {
  readonly element: ReactElement
  /** the visit the message attaches, if any */
  readonly calendar: CalendarProps | undefined
}

export function prepare(
  kind: MailKind,
  props: unknown,
  text: MailText,
  brand: MailBrand,
): Prepared {
  const common = { text, brand }
  switch (kind) {
    case 'code':
      return {
        element: <CodeMail p={mailProps.code.parse(props)} {...common} />,
        calendar: undefined,
      }
    case 'password-reset': {
      const p = mailProps['password-reset'].parse(props)
      return { element: <PasswordResetMail p={p} {...common} />, calendar: undefined }
    }
    case 'booking-confirmation': {
      const p = mailProps['booking-confirmation'].parse(props)
      return { element: <BookingConfirmationMail p={p} {...common} />, calendar: p.calendar }
    }
    case 'booking-rescheduled': {
      const p = mailProps['booking-rescheduled'].parse(props)
      return { element: <BookingRescheduledMail p={p} {...common} />, calendar: p.calendar }
    }
    case 'booking-cancelled': {
      const p = mailProps['booking-cancelled'].parse(props)
      return { element: <BookingCancelledMail p={p} {...common} />, calendar: p.calendar }
    }
    case 'shop-booking-changed': {
      const p = mailProps['shop-booking-changed'].parse(props)
      return { element: <ShopNoticeMail p={p} {...common} />, calendar: undefined }
    }
    case 'reminder': {
      const p = mailProps.reminder.parse(props)
      return { element: <ReminderMail p={p} {...common} />, calendar: p.calendar }
    }
    case 'gift-voucher': {
      const p = mailProps['gift-voucher'].parse(props)
      return { element: <GiftVoucherMail p={p} {...common} />, calendar: undefined }
    }
    case 'waitlist-offer': {
      const p = mailProps['waitlist-offer'].parse(props)
      return { element: <WaitlistOfferMail p={p} {...common} />, calendar: undefined }
    }
    case 'consent-request': {
      const p = mailProps['consent-request'].parse(props)
      return { element: <ConsentRequestMail p={p} {...common} />, calendar: undefined }
    }
  }
}
