import * as z from 'zod/mini'
import { id, instant, localDateTime, maybe, money } from './common'
import { orderBill } from './order-bill'

/**
 * Booking order status. The values are ours (docs/product/4-states.md):
 * pending (created, awaiting payment) -> confirmed (paid or nothing to pay) -> arrived (the
 * customer is at the desk, marked by staff) -> completed, or cancelled / noShow; refunded and
 * partiallyRefunded follow a refund.
 */
export const BOOKING_STATUSES = [
  'pending',
  'confirmed',
  'arrived',
  'completed',
  'cancelled',
  'noShow',
  'refunded',
  'partiallyRefunded',
] as const
export const bookingStatus = z.enum(BOOKING_STATUSES)
export type BookingStatus = z.infer<typeof bookingStatus>

export const statusChange = z.object({
  status: bookingStatus,
  at: instant,
  /** who changed it: a user id, or 'system' for payment callbacks */
  by: maybe(z.string()),
  /** a move, not a status change: the visit's start before it (docs/decisions/077-desk-booking.md) */
  movedFrom: maybe(localDateTime),
})
export type StatusChange = z.infer<typeof statusChange>

/** One booked appointment as stored: who performs it, where, when (shop wall-clock). */
export const storedAppointment = z.object({
  id,
  shopId: id,
  serviceId: id,
  employeeId: maybe(id),
  cabinId: maybe(id),
  equipmentIds: z._default(z.array(id), []),
  start: localDateTime,
  end: localDateTime,
  price: money,
  customMessage: maybe(z.string()),
})

/** A booking order (profile/orders, booking admin): appointments paid together. */
export const bookingOrder = z.object({
  id,
  /** the order number shown to people and used by booking-admin calls */
  ideorder: z.string().check(z.minLength(1)),
  customerId: id,
  shopId: id,
  status: bookingStatus,
  statusHistory: z._default(z.array(statusChange), []),
  appointments: z._default(z.array(storedAppointment), []),
  /** the order's value as booked (its appointments); what was charged is bill.total */
  total: money,
  /** what was paid so far, net of refunds */
  paid: money,
  paymentProvider: maybe(z.string()),
  transactionId: maybe(z.string()),
  /** where it was booked ('web', 'backoffice'...) */
  bookerOrigin: maybe(z.string()),
  createdAt: instant,
  /**
   * the order line by line, its total recomputed from the lines
   * (docs/product/5-rules.md#order-bills)
   */
  bill: maybe(orderBill),
})
export type BookingOrder = z.infer<typeof bookingOrder>
