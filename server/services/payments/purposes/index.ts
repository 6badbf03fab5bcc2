import { bookingPurpose } from './booking.ts'
import { eshopPurpose } from './eshop.ts'
import { giftPurpose } from './gift.ts'
import type { PaymentPurpose, PurposeHandler } from './types.ts'

export type { PaymentPurpose, PurposeHandler } from './types.ts'

/** The purposes another module owns: a paid move is the visits module's, which sits above payments. */
type ProvidedPurpose = 'reschedule'

/**
 * The handler of each purpose. Payments owns booking, eshop and gift; the modules above it hand
 * theirs in when the app is created (server/app.ts calls providePurpose), so payments never
 * imports a module above it (docs/decisions/069-server-modules.md).
 */
const handlers: Record<Exclude<PaymentPurpose, ProvidedPurpose>, PurposeHandler> &
  Partial<Record<ProvidedPurpose, PurposeHandler>> = {
  booking: bookingPurpose,
  eshop: eshopPurpose,
  gift: giftPurpose,
}

export function providePurpose(purpose: ProvidedPurpose, handler: PurposeHandler): void {
  handlers[purpose] = handler
}

export function purposeHandler(purpose: PaymentPurpose): PurposeHandler {
  const handler = handlers[purpose]
  if (handler === undefined) {
    throw new Error(`no handler for the payment purpose '${purpose}': createApp provides it`)
  }
  return handler
}
