import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import { appointments, type WaitlistEntryRow, waitlistEntries } from '#server/db/schema/index.ts'
import { clock } from '#server/kernel/index.ts'
import { hashToken } from '../auth/index.ts'

/** Where an offer stands (docs/decisions/040-waitlist.md): settled from its hold, found by its link. */

/**
 * Offers that ended: a paid (or confirmed) offer is booked; one past its time, or whose hold
 * was cancelled, lapsed (its slot then goes to the next in line).
 */
export async function settleOffers(
  db: Db | Tx,
  companyId: number | undefined,
  scope: { readonly customerId?: string; readonly shopId?: string; readonly day?: string } = {},
): Promise<void> {
  const now = clock.now()
  const where = and(
    companyId === undefined ? undefined : eq(waitlistEntries.companyId, companyId),
    scope.customerId === undefined ? undefined : eq(waitlistEntries.customerId, scope.customerId),
    scope.shopId === undefined ? undefined : eq(waitlistEntries.shopId, scope.shopId),
    scope.day === undefined ? undefined : eq(waitlistEntries.day, scope.day),
    eq(waitlistEntries.state, 'offered'),
  )
  const confirmed = sql`not exists (select 1 from ${appointments} where ${appointments.companyId} = ${waitlistEntries.companyId}
    and ${appointments.id} = any(${waitlistEntries.offerAppointmentIds}) and ${appointments.status} <> 'confirmed')`
  await db
    .update(waitlistEntries)
    .set({ state: 'booked', offerTokenHash: null, updatedAt: now })
    .where(and(where, confirmed))
  const cancelled = sql`exists (select 1 from ${appointments} where ${appointments.companyId} = ${waitlistEntries.companyId}
    and ${appointments.id} = any(${waitlistEntries.offerAppointmentIds}) and ${appointments.status} = 'cancelled')`
  await db
    .update(waitlistEntries)
    .set({ state: 'lapsed', offerTokenHash: null, updatedAt: now })
    .where(and(where, sql`(${waitlistEntries.offerExpiresAt} <= ${now} or ${cancelled})`))
}

/** Which (company, entry) an offer token names, while its offer stands. */
export async function entryOfToken(
  db: Db,
  companyId: number,
  token: string,
): Promise<WaitlistEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.companyId, companyId),
        eq(waitlistEntries.offerTokenHash, hashToken(token)),
      ),
    )
  return row
}
