import { and, eq } from 'drizzle-orm'
import type { BookingStatus } from '#contract/booking-order.ts'
import type { Db } from '#server/db/client.ts'
import { appointments, bookingOrders } from '#server/db/schema/index.ts'
import {
  bookingTransaction,
  clock,
  lockAll,
  notFound,
  Refusal,
  resourceLock,
} from '#server/kernel/index.ts'
import {
  type BookingOrderWire,
  bookingOrderViews,
  orderByIdeorder,
  type Reach,
  setOrderStatus,
} from '../orders/index.ts'
import { cancelAppointments } from './cancel.ts'

const invalidTransition = (from: BookingStatus, to: BookingStatus) =>
  new Refusal(409, 'invalidTransition', `Conflict: a ${from} order cannot become ${to}.`)

/** Statuses staff may set by hand; refunds come from the refund calls, pending is the start. */
const SETTABLE: readonly BookingStatus[] = [
  'confirmed',
  'arrived',
  'completed',
  'cancelled',
  'noShow',
]
/** Orders that are over: nothing changes them any more. */
const FINAL: readonly BookingStatus[] = ['cancelled', 'refunded']

/**
 * PUT /bookingOrder/changeStatus: staff move an order along (confirmed, arrived, completed, noShow,
 * cancelled), recorded in its history with who did it. The same status again changes nothing.
 * Cancelling frees the slots: its live appointments are cancelled under the resources' advisory
 * locks (services/booking), in the same transaction. 404 unknown order, or out of the user's
 * reach (docs/decisions/072-studio-roles.md); 409 invalidTransition
 * for pending/refunded/partiallyRefunded targets or a cancelled or refunded order.
 */
export async function changeBookingStatus(
  db: Db,
  companyId: number,
  input: { ideorder: string; status: BookingStatus; by: string; reach: Reach; now?: Date },
): Promise<BookingOrderWire> {
  const found = await orderByIdeorder(db, companyId, input.ideorder, input.reach)
  if (!found) throw notFound('No such order.')
  if (found.status !== input.status) {
    if (!SETTABLE.includes(input.status) || FINAL.includes(found.status)) {
      throw invalidTransition(found.status, input.status)
    }
    const now = input.now ?? clock.now()
    await bookingTransaction(db, async (tx) => {
      if (input.status === 'cancelled') {
        const live = await tx
          .select({
            id: appointments.id,
            employeeId: appointments.employeeId,
            cabinId: appointments.cabinId,
            status: appointments.status,
          })
          .from(appointments)
          .where(
            and(eq(appointments.companyId, companyId), eq(appointments.bookingOrderId, found.id)),
          )
        const open = live.filter((a) => a.status !== 'cancelled')
        const resources = open.flatMap((a) =>
          a.cabinId ? [a.employeeId, a.cabinId] : [a.employeeId],
        )
        await lockAll(tx, companyId, resources.map(resourceLock))
        await cancelAppointments(
          tx,
          companyId,
          open.map((a) => a.id),
          'provider',
          input.by,
          now,
        )
      }
      // Re-checked under the transaction: a concurrent change may have ended the order.
      const [current] = await tx
        .select({ status: bookingOrders.status })
        .from(bookingOrders)
        .where(and(eq(bookingOrders.companyId, companyId), eq(bookingOrders.id, found.id)))
        .for('update')
      if (current && FINAL.includes(current.status) && current.status !== input.status) {
        throw invalidTransition(current.status, input.status)
      }
      await setOrderStatus(tx, companyId, found.id, input.status, input.by, now)
    })
  }
  const fresh = await orderByIdeorder(db, companyId, input.ideorder)
  const [view] = await bookingOrderViews(db, companyId, fresh ? [fresh] : [])
  if (!view) throw notFound('No such order.')
  return view
}
