import { VISIT_MAX_SERVICES } from '#contract/constants'
import { formatClockTime, parseClockTime } from '../slots/clock-time'
import { overlaps, type Range } from '../slots/ranges'

/**
 * A booking cart line is one service at one time (docs/product/3-entities.md booking cart item, plus the slot the
 * customer chose): its id is `<serviceId>@<start>` so the same service twice in a visit makes
 * two lines, and the cart's one-shop rule (src/domain/cart/booking-cart.ts) applies as is.
 */
export interface BookingSlot {
  serviceId: string
  /** shop wall-clock 'YYYY-MM-DDTHH:MM' */
  start: string
  end: string
  /** picked employee (null: anyone) */
  employeeId: string | null
  employeeName: string | null
  shopName: string
  timeZone: string
}

export function lineIdOf(serviceId: string, start: string): string {
  return `${serviceId}@${start}`
}

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/

const text = (value: unknown): value is string => typeof value === 'string' && value !== ''
const optionalText = (value: unknown): string | null => (text(value) ? value : null)

/** The slot of a stored cart line, or null when the line carries none (an older or foreign line). */
export function slotOf(line: unknown): BookingSlot | null {
  if (typeof line !== 'object' || line === null) return null
  const value = line as Record<string, unknown>
  const { serviceId, start, end } = value
  if (!text(serviceId) || !text(start) || !text(end)) return null
  if (!LOCAL.test(start) || !LOCAL.test(end) || start >= end) return null
  return {
    serviceId,
    start,
    end,
    employeeId: optionalText(value.employeeId),
    employeeName: optionalText(value.employeeName),
    shopName: optionalText(value.shopName) ?? '',
    timeZone: optionalText(value.timeZone) ?? 'Europe/Paris',
  }
}

/** 'YYYY-MM-DD' + minutes since midnight -> 'YYYY-MM-DDTHH:MM'. */
export function localDateTimeOf(date: string, minutes: number): string {
  return `${date}T${formatClockTime(minutes)}`
}

/** The minutes range of a slot, on its own date. */
export function rangeOf(slot: Pick<BookingSlot, 'start' | 'end'>): Range | null {
  const start = parseClockTime(slot.start.slice(11))
  const end = parseClockTime(slot.end.slice(11))
  return start === null || end === null ? null : { start, end }
}

/** The whole of a day, in minutes from midnight. */
const WHOLE_DAY: Range = { start: 0, end: 24 * 60 }

/**
 * The cart already holds a visit's worth of services on `date` (the cart is one shop's): the
 * server would refuse one more hold that day (429 tooManyHoldsForDay,
 * docs/decisions/062-visit-bound-and-list-params.md), so the page offers none.
 */
export function visitFull(date: string, slots: readonly BookingSlot[]): boolean {
  return slots.filter((slot) => slot.start.slice(0, 10) === date).length >= VISIT_MAX_SERVICES
}

/**
 * Time the customer already holds on `date` (other cart lines), for the slot picker: all of it
 * once the day holds a visit's worth.
 */
export function takenOn(date: string, slots: readonly BookingSlot[]): Range[] {
  if (visitFull(date, slots)) return [WHOLE_DAY]
  return slots
    .filter((slot) => slot.start.slice(0, 10) === date)
    .flatMap((slot) => {
      const range = rangeOf(slot)
      return range ? [range] : []
    })
}

/** A new slot overlapping one already in the cart (the customer cannot be in two places). */
export function overlapsCart(slot: BookingSlot, slots: readonly BookingSlot[]): boolean {
  const range = rangeOf(slot)
  if (!range) return false
  return takenOn(slot.start.slice(0, 10), slots).some((other) => overlaps(other, range))
}

/** Cart lines in visit order: by start. */
export function byStart<T extends { start: string }>(slots: readonly T[]): T[] {
  return [...slots].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
}
