import type { BookingSlot } from './booking-line'

/**
 * Holds (POST /api/appointments) of the booking cart, made when the customer proceeds to pay.
 * The server refuses to hold the same slot twice (409: the customer's own hold occupies it), so
 * the page remembers what it held, per shop, with the time the hold was made: a slot held less
 * than HOLD_MINUTES ago is not held again; a cart line removed after its hold is released
 * (DELETE /api/appointments), else the server would charge it (it prices every hold of the cart).
 */
export interface HeldAppointment {
  serviceId: string
  start: string
  appointmentId: string
}

export interface HoldRecord {
  shopId: string
  /** ms since epoch of the cart's first hold (its clock: later holds do not restart it) */
  at: number
  held: HeldAppointment[]
  /** the booking order's number (ideorder), shown on the confirmation */
  ideorder?: string | undefined
}

/** Server default HOLD_MINUTES is 15; stay on the safe side of it. */
export const HOLD_REUSE_MS = 12 * 60_000

const sameSlot = (
  a: { serviceId: string; start: string },
  b: { serviceId: string; start: string },
) => a.serviceId === b.serviceId && a.start === b.start

/** The still-valid record for `shopId`, or null. */
export function liveRecord(
  record: HoldRecord | null,
  shopId: string,
  now: number,
): HoldRecord | null {
  if (!record || record.shopId !== shopId) return null
  return now - record.at < HOLD_REUSE_MS ? record : null
}

export interface HoldPlan {
  /** cart lines to hold now, in order */
  toHold: BookingSlot[]
  /** held appointments no longer in the cart: release them */
  toRelease: HeldAppointment[]
}

export function planHolds(slots: readonly BookingSlot[], record: HoldRecord | null): HoldPlan {
  const held = record?.held ?? []
  return {
    toHold: slots.filter((slot) => !held.some((h) => sameSlot(h, slot))),
    toRelease: held.filter((h) => !slots.some((slot) => sameSlot(h, slot))),
  }
}

/** The appointment the server answered for a slot (the booking order lists the whole cart). */
export function heldFrom(
  order: { appointments: readonly { id: string; serviceId: string; start: string }[] },
  slot: Pick<BookingSlot, 'serviceId' | 'start'>,
): HeldAppointment | null {
  const found = order.appointments.find((a) => sameSlot(a, slot))
  return found ? { serviceId: found.serviceId, start: found.start, appointmentId: found.id } : null
}

/** Parses a stored record; anything malformed is no record. */
export function parseHoldRecord(raw: string | null): HoldRecord | null {
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Partial<HoldRecord>
    if (typeof value.shopId !== 'string' || typeof value.at !== 'number') return null
    if (!Array.isArray(value.held)) return null
    const held = value.held.filter(
      (h): h is HeldAppointment =>
        typeof h === 'object' &&
        h !== null &&
        typeof h.serviceId === 'string' &&
        typeof h.start === 'string' &&
        typeof h.appointmentId === 'string',
    )
    const ideorder = typeof value.ideorder === 'string' ? value.ideorder : undefined
    return { shopId: value.shopId, at: value.at, held, ...(ideorder ? { ideorder } : {}) }
  } catch {
    return null
  }
}
