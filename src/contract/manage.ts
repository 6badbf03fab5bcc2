import * as z from 'zod/mini'
import { paymentProvider } from './booker-commerce'
import { bookingOrder } from './booking-order'
import { id, instant, localDateTime, maybe, money } from './common'
import { CANCEL_GIVES, visitPolicy } from './visit-policy'

/**
 * Customers managing their own visit (docs/decisions/038-visit-policy.md): which booking order,
 * named either by its id for the signed-in customer who owns it, or by the signed link of the
 * confirmation e-mail (single purpose, expiring when the visit starts; no sign-in).
 */
export const manageTarget = z
  .object({
    orderId: maybe(id),
    link: maybe(z.string().check(z.minLength(1), z.maxLength(1000))),
  })
  .check(
    z.refine((t) => (t.orderId === undefined) !== (t.link === undefined), {
      message: 'send exactly one of orderId and link',
      path: ['orderId'],
    }),
  )
export type ManageTarget = z.infer<typeof manageTarget>

/** Why an action is refused now (src/domain/visit-policy). */
export const MANAGE_REFUSALS = [
  'notManageable',
  'visitPast',
  'notAllowed',
  'deadlinePassed',
] as const

export const manageDecision = z.object({
  allowed: z.boolean(),
  reason: maybe(z.enum(MANAGE_REFUSALS)),
  /** the last instant the customer may act */
  deadline: instant,
})

/** What the manage page shows: the order, the shop's policy, what is possible now. */
export const manageView = z.object({
  order: bookingOrder,
  policy: visitPolicy,
  cancel: manageDecision,
  reschedule: manageDecision,
  /** the visit's services, in order, for the slot picker of a reschedule */
  serviceIds: z.array(id),
  /** the start of the visit (shop wall-clock) */
  start: localDateTime,
  /** what the slot picker needs to offer the visit's first service at its shop */
  picker: z.object({
    shopId: id,
    shopName: z.string(),
    timeZone: z.string(),
    serviceId: id,
    /** minutes */
    duration: z.int().check(z.positive()),
    cuttingHours: z.int().check(z.positive()),
    mode: z.enum(['1', '2']),
    equipment: z.boolean(),
  }),
  /**
   * how the difference of a dearer move is paid (docs/decisions/042-reschedule-pay-difference.md):
   * the shop's payment provider and its public key, and what a move costs more at today's prices
   * (which do not vary with the time of day; 0 when it costs no more; the payment's own total is
   * what is charged). Absent where nothing takes payments online (a dearer move is then refused,
   * 409 rescheduleCostsMore).
   */
  payDifference: z.optional(
    z.object({ provider: paymentProvider, publicKey: z.nullable(z.string()), amount: money }),
  ),
})
export type ManageView = z.infer<typeof manageView>

export const cancelVisitResult = z.object({
  order: bookingOrder,
  /**
   * what the cancellation gave back (`amount`: in all, across the visit's payments); a refund a
   * provider refused is 'failed', `unrefunded` what the shop is asked to refund by hand
   * (docs/decisions/038-visit-policy.md; 0 otherwise)
   */
  given: z.object({
    kind: z.enum(CANCEL_GIVES),
    amount: money,
    status: z.enum(['done', 'failed']),
    unrefunded: money,
  }),
})

export const rescheduleVisitBody = z.intersection(
  manageTarget,
  z.object({
    /** the new start of the visit's first appointment; the others keep their place after it */
    start: localDateTime,
  }),
)

export const rescheduleVisitResult = z.object({
  order: bookingOrder,
  /** a cheaper new visit: the difference given as credit (0 when even) */
  credited: money,
})
