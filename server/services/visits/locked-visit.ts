import { and, eq } from 'drizzle-orm'
import type { ManageAction, ManageDecision } from '#domain/visit-policy/visit-policy.ts'
import type { Tx } from '#server/db/client.ts'
import {
  type AppointmentRow,
  type BookingOrderRow,
  bookingOrders,
} from '#server/db/schema/index.ts'
import { clock, conflict, lockAll, resourceLock } from '#server/kernel/index.ts'
import { assertAllowed, decide, liveAppointments, type ManagedOrder } from './managed-visit.ts'

export const resourcesOf = (rows: readonly AppointmentRow[]) =>
  rows.flatMap((a) => (a.cabinId ? [a.employeeId, a.cabinId] : [a.employeeId]))

/** The same appointments, whatever their order. */
export const sameIds = (a: readonly AppointmentRow[], b: readonly AppointmentRow[]) =>
  a.length === b.length && a.every((row) => b.some((other) => other.id === row.id))

const changed = () => conflict('Conflict: the booking changed, please retry.', 'retry')

/**
 * A cancel or a move, inside its transaction: under the locks of the visit's resources (and
 * `more`: the move's candidates), the order row for update and its live appointments read again
 * and the policy decided again at this instant. A refusal is thrown; so is a visit that changed
 * since `before` was read (another move took other appointments): the customer retries.
 */
export async function lockedVisit(
  tx: Tx,
  companyId: number,
  managed: ManagedOrder,
  before: readonly AppointmentRow[],
  action: ManageAction,
  more: readonly string[] = [],
): Promise<{
  order: BookingOrderRow
  live: AppointmentRow[]
  now: Date
  decision: ManageDecision
}> {
  await lockAll(tx, companyId, [...resourcesOf(before), ...more].map(resourceLock))
  const [order] = await tx
    .select()
    .from(bookingOrders)
    .where(and(eq(bookingOrders.companyId, companyId), eq(bookingOrders.id, managed.order.id)))
    .for('update')
  const live = await liveAppointments(tx, companyId, managed.order.cartId)
  const now = clock.now()
  if (!order) throw changed()
  const decision = decide({ policy: managed.policy, order }, live, action, now)
  assertAllowed(decision)
  if (!sameIds(live, before)) throw changed()
  return { order, live, now, decision }
}
