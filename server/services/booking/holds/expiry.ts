import { and, eq, lte } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { appointments } from '#server/db/schema/index.ts'
import { bookingTransaction, clock, lockAll, resourceLock } from '#server/kernel/index.ts'
import { cancelAppointments } from '../cancel.ts'

/**
 * Cancels lapsed holds, one cart per transaction (under its resources' locks), so their orders
 * read 'cancelled' and their carts 'expired'. Availability and booking already treat a lapsed
 * hold as free: this is housekeeping, not what frees the slot. Returns how many were cancelled.
 */
export async function expireHolds(db: Db, limit = 200): Promise<number> {
  const now = clock.now()
  const lapsed = await db
    .select({
      companyId: appointments.companyId,
      id: appointments.id,
      employeeId: appointments.employeeId,
      cabinId: appointments.cabinId,
    })
    .from(appointments)
    .where(and(eq(appointments.status, 'hold'), lte(appointments.expiresAt, now)))
    .limit(limit)
  for (const hold of lapsed) {
    await bookingTransaction(db, async (tx) => {
      const resources = hold.cabinId ? [hold.employeeId, hold.cabinId] : [hold.employeeId]
      await lockAll(tx, hold.companyId, resources.map(resourceLock))
      const [still] = await tx
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.companyId, hold.companyId),
            eq(appointments.id, hold.id),
            eq(appointments.status, 'hold'),
            lte(appointments.expiresAt, now),
          ),
        )
      if (still) await cancelAppointments(tx, hold.companyId, [hold.id], 'expired', 'system', now)
    })
  }
  return lapsed.length
}
