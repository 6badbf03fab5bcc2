import { ApiError } from '#api/errors'
import type { AppointmentRequestInput } from '#contract/appointment'
import type { ApiErrorType } from '#contract/error'
import { type BookingSlot, byStart, slotOf } from '#domain/booking/booking-line'
import {
  type HeldAppointment,
  type HoldRecord,
  heldFrom,
  liveRecord,
  planHolds,
} from '#domain/booking/holds'
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

/** cart: lines and gift code; holding: POST /api/appointments; payment: the PaymentStep */
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
  /** the holds' requests, the gift code on the first: initialize's appointments */
  requests: AppointmentRequestInput[]
}

export type BookingCartAction =
  | { type: 'giftCode'; value: string }
  | { type: 'coupon'; coupon: AppliedCoupon | null }
  | { type: 'holding' }
  /** back on the cart with the words of a refusal (a slot taken, a gift code refused…) */
  | { type: 'refused'; message: string }
  | { type: 'held'; requests: AppointmentRequestInput[] }
  | { type: 'removed' }
  | { type: 'backToCart' }
  | { type: 'done' }

export const initialBookingCartState: BookingCartState = {
  stage: 'cart',
  giftCode: '',
  coupon: null,
  error: null,
  requests: [],
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
      return { ...state, requests: action.requests, stage: 'payment' }
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

/** POST /api/appointments for one line; the gift code (typed, trimmed) only when asked. */
export function appointmentRequestOf(
  shopId: string,
  slot: BookingSlot,
  giftCode: string,
  withGift: boolean,
): AppointmentRequestInput {
  return {
    shopid: shopId,
    serviceid: slot.serviceId,
    start: slot.start,
    end: slot.end,
    myAppointment: {
      ...(slot.employeeId ? { employeeId: slot.employeeId } : {}),
      ...(withGift && giftCode.trim() ? { giftCode: giftCode.trim() } : {}),
    },
  }
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

/** The holds' I/O: session storage (confirmation.ts HOLDS_KEY), the API, the clock. */
export interface HoldDeps {
  readHolds(): HoldRecord | null
  writeHolds(record: HoldRecord): void
  /** POST /api/appointments */
  hold(request: AppointmentRequestInput): Promise<{
    ideorder: string
    appointments: readonly { id: string; serviceId: string; start: string }[]
  }>
  /** DELETE /api/appointments (a failure leaves it to the server's hold expiry) */
  release(appointmentId: string): Promise<unknown>
  now(): number
}

export type HoldResult = { ok: true } | { ok: false; slot: BookingSlot; failure: unknown }

/**
 * Holds the cart's slots (src/domain/booking/holds.ts): what is no longer in the cart is released,
 * what is held and still live is kept, the rest is held in order; the first refusal stops.
 */
export async function holdSlots(
  deps: HoldDeps,
  shopId: string,
  slots: readonly BookingSlot[],
  request: (slot: BookingSlot) => AppointmentRequestInput,
): Promise<HoldResult> {
  const record = liveRecord(deps.readHolds(), shopId, deps.now())
  const plan = planHolds(slots, record)
  for (const released of plan.toRelease) {
    await deps.release(released.appointmentId).catch(() => undefined)
  }
  let held: HeldAppointment[] = (record?.held ?? []).filter((h) => !plan.toRelease.includes(h))
  // the server's cart lapses HOLD_MINUTES after its first hold, later holds do not restart it
  // (docs/decisions/062-visit-bound-and-list-params.md): the record keeps that first time
  const at = record?.at ?? deps.now()
  for (const slot of plan.toHold) {
    try {
      const order = await deps.hold(request(slot))
      const mine = heldFrom(order, slot)
      if (mine) held = [...held, mine]
      deps.writeHolds({ shopId, at, held, ideorder: order.ideorder })
    } catch (failure) {
      return { ok: false, slot, failure }
    }
  }
  return { ok: true }
}

/** A removed line's hold is released at once, else the server would charge it with the others. */
export async function releaseHold(deps: HoldDeps, slot: BookingSlot): Promise<void> {
  const record = deps.readHolds()
  const held = record?.held.find((h) => h.serviceId === slot.serviceId && h.start === slot.start)
  if (!record || !held) return
  deps.writeHolds({ ...record, held: record.held.filter((h) => h !== held) })
  await deps.release(held.appointmentId).catch(() => undefined)
}
