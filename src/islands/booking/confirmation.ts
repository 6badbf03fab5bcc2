import type { BookingSlot } from '#domain/booking/booking-line'

/**
 * What the confirmation page shows (and puts in the .ics file), kept in session storage from the
 * payment step to /payments/success, including across a card redirect through /payments/rdvcheck.
 */
export interface ConfirmedLine extends BookingSlot {
  name: string
}

export interface BookingConfirmationData {
  cartId: string
  orderId: string | null
  /** the booking order's number, as /profile/orders shows it */
  ideorder: string | null
  shopId: string
  location: string
  lines: ConfirmedLine[]
  confirmed: boolean
}

const KEY = 'booking-confirmation'
/** the server's booking cart the page knows: its id and shop only (src/domain/booking/cart-ref.ts) */
export const CART_REF_KEY = 'booking-cart-ref'

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

export function readConfirmation(): BookingConfirmationData | null {
  try {
    const value = JSON.parse(storage()?.getItem(KEY) ?? 'null') as BookingConfirmationData | null
    return value && typeof value.cartId === 'string' && Array.isArray(value.lines) ? value : null
  } catch {
    return null
  }
}

export function savePendingConfirmation(data: Omit<BookingConfirmationData, 'confirmed'>): void {
  storage()?.setItem(KEY, JSON.stringify({ ...data, confirmed: false }))
}

/** The payment of `cartId` succeeded: the pending confirmation becomes the confirmed one. */
export function markConfirmed(
  cartId: string,
  orderId: string | null,
): BookingConfirmationData | null {
  const current = readConfirmation()
  if (!current || current.cartId !== cartId) return null
  const next = { ...current, orderId: orderId ?? current.orderId, confirmed: true }
  storage()?.setItem(KEY, JSON.stringify(next))
  storage()?.removeItem(CART_REF_KEY)
  return next
}
