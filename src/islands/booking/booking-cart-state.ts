import { ApiError } from '#api/errors'
import type { CartSlotInput } from '#contract/appointment'
import { DEFAULT_ART_TYPE } from '#contract/constants'
import type { ApiErrorType } from '#contract/error'
import type { HeldCart } from '#contract/held-cart'
import { type BookingSlot, byStart, lineIdOf, slotOf } from '#domain/booking/booking-line'
import type { BookingCartLine } from '#domain/cart/booking-cart'
import type { AppliedCoupon } from '#domain/coupon/coupon-field'
import type { BookingItem } from '#stores/booking-cart'
import type { BookingConfirmationData } from './confirmation'

/**
 * The booking cart's state (BookingCartIsland.tsx is its view, use-booking-cart.ts its effects):
 * a pure reducer, the lines and requests it shows and sends, and the holds with their I/O
 * injected. Unit-tested in booking-cart-state.test.ts.
 */
export interface CartLine {
  id: string
  name: string
  /** the line's price (unit price × count), minor units */
  prices: number
  slot: BookingSlot
  raw: BookingCartLine<BookingItem>
}

/** cart: lines and gift code; holding: PUT /api/appointments/cart; payment: the PaymentStep */
export type Stage = 'cart' | 'holding' | 'payment' | 'done'

export interface BookingCartState {
  stage: Stage
  giftCode: string
  /**
   * docs/product/5-rules.md#coupons: the coupon the server accepted for these lines, sent to
   * initialize
   */
  coupon: AppliedCoupon | null
  error: string | null
  /**
   * the server's cart as its last answer gave it (docs/decisions/073-one-cart.md): what the lines
   * show once held, and the id initialize pays
   */
  server: HeldCart | null
}

export type BookingCartAction =
  | { type: 'giftCode'; value: string }
  | { type: 'coupon'; coupon: AppliedCoupon | null }
  | { type: 'holding' }
  /** back on the cart with the words of a refusal (a slot taken, a gift code refused…) */
  | { type: 'refused'; message: string }
  /** the server holds the cart's slots: on to the payment */
  | { type: 'held'; cart: HeldCart }
  /** the server answered its cart (read on arrival, or after a line was removed) */
  | { type: 'restored'; cart: HeldCart }
  /** the server holds no cart of that id any more (paid, lapsed, not this customer's) */
  | { type: 'forgotten' }
  | { type: 'removed' }
  | { type: 'backToCart' }
  | { type: 'done' }

export const initialBookingCartState: BookingCartState = {
  stage: 'cart',
  giftCode: '',
  coupon: null,
  error: null,
  server: null,
}

export function bookingCartReducer(
  state: BookingCartState,
  action: BookingCartAction,
): BookingCartState {
  switch (action.type) {
    case 'giftCode':
      return { ...state, giftCode: action.value }
    case 'coupon':
      return { ...state, coupon: action.coupon }
    case 'holding':
      return { ...state, error: null, stage: 'holding' }
    case 'refused':
      return { ...state, error: action.message, stage: 'cart' }
    case 'held':
      return { ...state, server: action.cart, stage: 'payment' }
    case 'restored':
      return { ...state, server: action.cart }
    case 'forgotten':
      return { ...state, server: null }
    case 'removed':
      return { ...state, stage: 'cart', error: null }
    case 'backToCart':
      return { ...state, stage: 'cart' }
    case 'done':
      return { ...state, stage: 'done' }
  }
}

/** The cart's lines with a slot, by start. */
export function cartLines(items: readonly BookingCartLine<BookingItem>[]): CartLine[] {
  return byStart(
    items.flatMap((item) => {
      const slot = slotOf(item)
      return slot
        ? [
            {
              id: String(item.id),
              name: item.name,
              prices: item.prices * item.nb,
              slot,
              raw: item,
              start: slot.start,
            },
          ]
        : []
    }),
  )
}

/** The coupon was priced for these lines: another set of lines needs it applied again. */
export function couponLinesKey(lines: readonly CartLine[]): string {
  return lines.map((line) => `${line.slot.serviceId}@${line.slot.start}`).join()
}

/** One line's slot as the cart's hold asks for it (PUT /api/appointments/cart). */
export function cartSlotOf(slot: BookingSlot): CartSlotInput {
  return {
    serviceid: slot.serviceId,
    start: slot.start,
    end: slot.end,
    myAppointment: slot.employeeId ? { employeeId: slot.employeeId } : {},
  }
}

/**
 * The page's lines once the server answered its cart (docs/decisions/073-one-cart.md): one line
 * per appointment the server holds, at the server's price and times, named as the page named it
 * (else by the server's bill), then the lines the server does not hold yet, as picked. What the
 * storage said before does not count: the server's answer replaces it.
 */
export function linesFromServer(
  local: readonly BookingCartLine<BookingItem>[],
  server: HeldCart,
): BookingCartLine<BookingItem>[] {
  const billNames = new Map((server.order.bill?.lines ?? []).map((l) => [l.articleId, l.name]))
  const first = local.map(slotOf).find((slot) => slot !== null)
  const held = server.order.appointments.map((a): BookingCartLine<BookingItem> => {
    const id = lineIdOf(a.serviceId, a.start)
    const mine = local.find((item) => String(item.id) === id)
    const names = billNames.get(a.serviceId) ?? {}
    const base = mine ?? {
      name: Object.values(names).find((name) => name) ?? a.serviceId,
      ...(Object.keys(names).length > 0 ? { names } : {}),
      artType: local[0]?.artType ?? DEFAULT_ART_TYPE,
      image: null,
      employeeName: null,
      shopName: server.order.bill?.shopName ?? first?.shopName ?? '',
      timeZone: first?.timeZone ?? 'Europe/Paris',
    }
    const mineSlot = mine ? slotOf(mine) : null
    const line = {
      ...base,
      id,
      shopId: a.shopId,
      prices: a.price.amount,
      nb: 1,
      serviceId: a.serviceId,
      start: a.start,
      end: a.end,
      employeeId: a.employeeId ?? mineSlot?.employeeId ?? null,
      ...(mineSlot?.employeeId === a.employeeId ? {} : { employeeName: null }),
    }
    return line
  })
  const notHeld = local.filter((item) => !held.some((line) => line.id === String(item.id)))
  return [...held, ...notHeld]
}

/** Which slot of the hold the server refused (its index in the request), when it says. */
export function refusedSlotIndex(failure: unknown): number | null {
  if (!(failure instanceof ApiError)) return null
  const raw = failure.raw as { slot?: unknown } | null | undefined
  return typeof raw?.slot === 'number' ? raw.slot : null
}

/** What the confirmation page will show (confirmation.ts), before the payment confirms it. */
export function pendingConfirmation(
  cartId: string,
  ideorder: string | null,
  shopId: string,
  lines: readonly CartLine[],
  locations: Readonly<Record<string, string>>,
): Omit<BookingConfirmationData, 'confirmed'> {
  return {
    cartId,
    orderId: null,
    ideorder,
    shopId,
    location: locations[shopId] ?? lines[0]?.slot.shopName ?? '',
    lines: lines.map((line) => ({ ...line.slot, name: line.name })),
  }
}

/**
 * The server's refusals of the typed gift code (docs/api/errors.md: one per situation),
 * and too many wrong codes tried (decision 017): back on the cart, where the code can be
 * corrected or cleared. Their words are the error vocabulary's (src/i18n/error-messages.ts).
 */
const GIFT_REFUSALS: ReadonlySet<string> = new Set<ApiErrorType>([
  'giftNotFound',
  'giftExpired',
  'giftUnusable',
  'giftUsed',
  'tooManyCodeChecks',
])

export function isGiftRefusal(failure: unknown): boolean {
  return failure instanceof ApiError && GIFT_REFUSALS.has(failure.type ?? '')
}

/** The cart as stored and as in the store differ (another tab, a payment that came back). */
export function sameCart(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
