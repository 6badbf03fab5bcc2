import { and, eq, inArray } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { appointmentClaims, appointments, bookingOrders, carts } from '#server/db/schema/index.ts'
import { clock, lockAll, Refusal, resourceLock } from '#server/kernel/index.ts'
import { setOrderStatus } from '../orders/index.ts'

/** A paid cart whose holds lapsed and were taken by someone else: refund, do not book. */
export class HoldsLostError extends Refusal {
  constructor() {
    super(409, 'holdsExpired', 'Conflict: the reservation expired before payment.')
  }
}

export interface ConfirmHoldsOptions {
  readonly companyId: number
  readonly cartId: string
  /** what was paid, minor units (booking order `paid`) */
  readonly paidCents?: number
  readonly provider?: string
  readonly transactionId?: string
  /** who confirms: a user id, or 'system' for a payment callback */
  readonly by?: string
}

export interface ConfirmedCart {
  readonly bookingOrderId: string
  readonly appointmentIds: readonly string[]
}

async function cartAppointments(tx: Tx, companyId: number, cartId: string) {
  return tx
    .select({
      id: appointments.id,
      status: appointments.status,
      cancelReason: appointments.cancelReason,
      employeeId: appointments.employeeId,
      cabinId: appointments.cabinId,
    })
    .from(appointments)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.cartId, cartId)))
}

/**
 * For the payments part: a paid cart's holds become confirmed appointments and its booking order
 * 'confirmed' (with paid amount, provider, transaction and a history entry), and the cart 'paid',
 * all in the caller's transaction. Idempotent: a cart already confirmed is returned unchanged, so
 * a repeated callback changes nothing. A hold that lapsed is still confirmed if nobody cancelled
 * it (its claims kept the slot); if one was cancelled because it lapsed, HoldsLostError (409).
 *
 * Call it FIRST in the transaction: it takes the advisory locks of the holds' resources
 * (server/kernel/locks.ts), and taking them after other row locks could deadlock with a booking.
 */
export async function confirmHolds(tx: Tx, options: ConfirmHoldsOptions): Promise<ConfirmedCart> {
  const { companyId, cartId } = options
  const now = clock.now()
  const before = await cartAppointments(tx, companyId, cartId)
  const resources = before.flatMap((a) => (a.cabinId ? [a.employeeId, a.cabinId] : [a.employeeId]))
  await lockAll(tx, companyId, resources.map(resourceLock))

  // Re-read under the locks: a booking may have cancelled a lapsed hold meanwhile.
  const rows = await cartAppointments(tx, companyId, cartId)
  const live = rows.filter((a) => a.status !== 'cancelled')
  if (live.length === 0 || rows.some((a) => a.cancelReason === 'expired'))
    throw new HoldsLostError()
  const [order] = await tx
    .select({ id: bookingOrders.id, status: bookingOrders.status })
    .from(bookingOrders)
    .where(and(eq(bookingOrders.companyId, companyId), eq(bookingOrders.cartId, cartId)))
  if (!order) throw new HoldsLostError()
  const ids = live.map((a) => a.id)
  const holds = live.filter((a) => a.status === 'hold').map((a) => a.id)
  if (holds.length === 0 && order.status === 'confirmed')
    return { bookingOrderId: order.id, appointmentIds: ids }

  if (holds.length > 0) {
    await tx
      .update(appointments)
      .set({ status: 'confirmed', expiresAt: null, updatedAt: now })
      .where(and(eq(appointments.companyId, companyId), inArray(appointments.id, holds)))
    await tx
      .update(appointmentClaims)
      .set({ status: 'confirmed', expiresAt: null })
      .where(
        and(
          eq(appointmentClaims.companyId, companyId),
          inArray(appointmentClaims.appointmentId, holds),
        ),
      )
  }
  await setOrderStatus(tx, companyId, order.id, 'confirmed', options.by ?? 'system', now, {
    ...(options.paidCents === undefined ? {} : { paidCents: options.paidCents }),
    ...(options.provider === undefined ? {} : { paymentProvider: options.provider }),
    ...(options.transactionId === undefined ? {} : { transactionId: options.transactionId }),
  })
  await tx
    .update(carts)
    .set({ status: 'paid', paidAt: now, expiresAt: null, updatedAt: now })
    .where(and(eq(carts.companyId, companyId), eq(carts.id, cartId)))
  return { bookingOrderId: order.id, appointmentIds: ids }
}
