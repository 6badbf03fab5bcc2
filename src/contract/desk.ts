import * as z from 'zod/mini'
import { phone } from './auth'
import { bookingOrder } from './booking-order'
import { email, id, line, localDateTime, maybe, money } from './common'
import { CANCEL_GIVES } from './visit-policy'

/**
 * Our addition (docs/decisions/077-desk-booking.md): the studio books a visit at the desk,
 * moves it and cancels it. Times are the shop's wall clock, as in appointment requests.
 */

/** A visit booked at the desk holds at most this many services. */
export const MAX_DESK_SLOTS = 10

/** One service of the visit; `resourceId` the column it goes to (an employee or cabin). */
export const deskSlot = z
  .object({ serviceId: id, start: localDateTime, end: localDateTime, resourceId: maybe(id) })
  .check(
    z.refine((s) => s.start < s.end && s.start.slice(0, 10) === s.end.slice(0, 10), {
      message: 'end must be after start, on the same day',
      path: ['end'],
    }),
  )

const filled = line.check(z.minLength(1))

/** A customer created at the desk: no password (they may set one later through a reset). */
export const deskNewCustomer = z.object({
  firstname: filled,
  lastname: filled,
  phone,
  email,
})
export type DeskNewCustomer = z.infer<typeof deskNewCustomer>

/** Either an existing customer or a new one, never both. */
export const deskBookingBody = z
  .object({
    shopId: id,
    customerId: maybe(id),
    newCustomer: maybe(deskNewCustomer),
    slots: z.array(deskSlot).check(z.minLength(1), z.maxLength(MAX_DESK_SLOTS)),
  })
  .check(
    z.refine((b) => (b.customerId === undefined) !== (b.newCustomer === undefined), {
      message: 'name either customerId or newCustomer',
      path: ['customerId'],
    }),
  )
export type DeskBookingBody = z.infer<typeof deskBookingBody>

/** The whole visit to another start, and (given) into another column. */
export const deskMoveBody = z.object({
  ideorder: z.string().check(z.minLength(1)),
  start: localDateTime,
  resourceId: maybe(id),
})
export type DeskMoveBody = z.infer<typeof deskMoveBody>

/** An owner's override gives back nothing or a credit, whatever the policy. */
export const DESK_OVERRIDE_GIVES = ['none', 'credit'] as const

export const deskCancelBody = z.object({
  ideorder: z.string().check(z.minLength(1)),
  override: maybe(z.enum(DESK_OVERRIDE_GIVES)),
})
export type DeskCancelBody = z.infer<typeof deskCancelBody>

export const deskCancelResponse = z.object({
  order: bookingOrder,
  given: z.object({ kind: z.enum(CANCEL_GIVES), amount: money, unrefunded: money }),
})
