import type { CartSlot } from '#contract/appointment.ts'

/**
 * What one hold of the cart changes (docs/decisions/073-one-cart.md), a pure rule: the cart's
 * live appointments against the slots asked. A slot is the appointment of the same service, start
 * and end, with the employee it names when it names one.
 */
export interface CartAppointment {
  readonly serviceId: string
  readonly localStart: string
  readonly localEnd: string
  readonly employeeId: string
  readonly status: string
}

const isSlot = (a: CartAppointment, slot: CartSlot) =>
  a.serviceId === slot.serviceid &&
  a.localStart === slot.start &&
  a.localEnd === slot.end &&
  (slot.myAppointment.employeeId == null || slot.myAppointment.employeeId === a.employeeId)

/** The holds of the cart no slot asks for any more: released (booked appointments stay). */
export function releasedHolds<T extends CartAppointment>(
  live: readonly T[],
  slots: readonly CartSlot[],
): T[] {
  return live.filter((a) => a.status === 'hold' && !slots.some((slot) => isSlot(a, slot)))
}

/** The slots the cart does not hold yet, in the order asked (a visit's chain in its order). */
export function slotsToHold(
  live: readonly CartAppointment[],
  slots: readonly CartSlot[],
): CartSlot[] {
  return slots.filter((slot) => !live.some((a) => isSlot(a, slot)))
}
