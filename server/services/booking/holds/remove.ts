import { and, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { appointments } from '#server/db/schema/index.ts'
import {
  bookingTransaction,
  clock,
  conflict,
  lockAll,
  notFound,
  resourceLock,
} from '#server/kernel/index.ts'
import type { CacheScope } from '../availability/availability-cache.ts'
import { cancelAppointments } from '../cancel.ts'

/**
 * DELETE /api/appointments: the customer cancels one of their appointments (a hold or a
 * confirmed one) before it starts; its slot is free at once. Another customer's appointment is
 * not found (404). Cancelling twice is fine, and so is cancelling a lapsed hold. Refunds are
 * the payments part's business.
 * Returns what a committed cancellation freed, for the availability cache (nothing when the
 * appointment was cancelled already).
 */
export async function cancelAppointment(
  db: Db,
  companyId: number,
  customerId: string,
  appointmentId: string,
): Promise<CacheScope | undefined> {
  const mine = and(
    eq(appointments.companyId, companyId),
    eq(appointments.id, appointmentId),
    eq(appointments.customerId, customerId),
  )
  const [found] = await db
    .select({
      employeeId: appointments.employeeId,
      cabinId: appointments.cabinId,
      shopId: appointments.shopId,
      localStart: appointments.localStart,
    })
    .from(appointments)
    .where(mine)
  if (!found) throw notFound('No such appointment.')
  const resources = found.cabinId ? [found.employeeId, found.cabinId] : [found.employeeId]
  return bookingTransaction(db, async (tx) => {
    await lockAll(tx, companyId, resources.map(resourceLock))
    const [row] = await tx
      .select({
        status: appointments.status,
        startsAt: appointments.startsAt,
        expiresAt: appointments.expiresAt,
      })
      .from(appointments)
      .where(mine)
    const now = clock.now()
    if (!row || row.status === 'cancelled') return undefined
    // a lapsed hold is cancelled already in all but name (expiry.ts sweeps it when its timer
    // comes): the answer is the swept one's, whether or not the sweeper has been by
    if (row.status === 'hold' && row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
      await cancelAppointments(tx, companyId, [appointmentId], 'expired', 'system', now)
      return undefined
    }
    if (row.startsAt.getTime() <= now.getTime()) {
      throw conflict('This appointment has already started.', 'alreadyStarted')
    }
    await cancelAppointments(tx, companyId, [appointmentId], 'customer', customerId, now)
    return { shopId: found.shopId, resourceIds: resources, dates: [found.localStart.slice(0, 10)] }
  })
}
