import { bookingPurpose } from './booking.ts'
import { eshopPurpose } from './eshop.ts'
import { giftPurpose } from './gift.ts'
import { reschedulePurpose } from './reschedule.ts'
import type { PaymentPurpose, PurposeHandler } from './types.ts'

export type { PaymentPurpose, PurposeHandler } from './types.ts'

export const PURPOSES: Readonly<Record<PaymentPurpose, PurposeHandler>> = {
  booking: bookingPurpose,
  eshop: eshopPurpose,
  gift: giftPurpose,
  reschedule: reschedulePurpose,
}
