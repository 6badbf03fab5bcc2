import { and, desc, eq, inArray } from 'drizzle-orm'
import type { WaitlistEntry, WaitlistJoinRequest } from '#contract/waitlist.ts'
import { formatClockTime, parseClockTime } from '#domain/slots/clock-time.ts'
import { isLive, type JoinRefusal, joinRefusal } from '#domain/waitlist/rules.ts'
import type { Db } from '#server/db/client.ts'
import {
  appointments,
  type CompanyRow,
  type WaitlistEntryRow,
  waitlistEntries,
} from '#server/db/schema/index.ts'
import { sqlStateOf } from '#server/db/sql-state.ts'
import {
  bookingTransaction,
  clock,
  conflict,
  lockAll,
  notFound,
  Refusal,
  resourceLock,
} from '#server/kernel/index.ts'
import type { AvailabilityCache } from '../booking/index.ts'
import { cancelAppointments, localDateAndMinutes } from '../booking/index.ts'
import { dayStarts } from './free-starts.ts'
import { settleOffers } from './offer-state.ts'
import { waitlistSettingsOf } from './settings.ts'

const REFUSALS: Readonly<Record<JoinRefusal | 'closedDay', () => Refusal>> = {
  pastDay: () => new Refusal(400, 'waitlistPastDay', 'This day is over.'),
  closedDay: () => new Refusal(409, 'waitlistClosedDay', 'The shop does not book on this day.'),
  window: () =>
    new Refusal(400, 'waitlistWindow', 'The window must be at least as long as the visit.'),
  duplicate: () =>
    new Refusal(409, 'waitlistDuplicate', 'You already wait for this day at this shop.'),
  daySlots: () =>
    new Refusal(409, 'waitlistDayHasSlots', 'This day still has free slots: book one of them.'),
}

/** An entry as its customer reads it (src/contract/waitlist.ts). */
export function entryView(row: WaitlistEntryRow): WaitlistEntry {
  const offer =
    row.state === 'offered' && row.offerCartId && row.offerStart && row.offerExpiresAt
      ? {
          bookingOrderId: row.offerCartId,
          start: row.offerStart,
          expiresAt: row.offerExpiresAt.toISOString(),
        }
      : null
  return {
    id: row.id,
    shopId: row.shopId,
    servicesId: row.serviceIds,
    day: row.day,
    from: formatClockTime(row.windowFrom),
    to: formatClockTime(row.windowTo),
    state: row.state,
    offer,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * POST /api/waitlist: joins the line of a day that has no free start for the visit (the slot
 * picker's computation), for a window of the shop's local time. Refused: a past day, a day the
 * shop does not book, a day with a free start, a window shorter than the visit, a second live
 * entry for the same shop and day (the unique index stands behind the check), services the shop
 * does not perform (404).
 */
export async function joinWaitlist(
  db: Db,
  cache: AvailabilityCache,
  company: CompanyRow,
  customerId: string,
  request: WaitlistJoinRequest,
): Promise<WaitlistEntry> {
  if (!waitlistSettingsOf(company).active) {
    throw new Refusal(403, 'waitlistOff', 'This business has no waitlist.')
  }
  const serviceIds = [...new Set(request.servicesId)]
  const day = await dayStarts(db, cache, company, request.shopId, serviceIds, request.day)
  const zone = day.catalogue.shop.timeZone
  const today = localDateAndMinutes(clock.now(), zone).date
  const window = { from: parseClockTime(request.from) ?? -1, to: parseClockTime(request.to) ?? -1 }
  const live = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.companyId, company.id),
        eq(waitlistEntries.customerId, customerId),
        eq(waitlistEntries.shopId, request.shopId),
        eq(waitlistEntries.day, request.day),
        inArray(waitlistEntries.state, ['waiting', 'offered']),
      ),
    )
  const refusal = joinRefusal({
    day: request.day,
    today,
    freeStarts: day.starts?.length ?? 0,
    hasLiveEntry: live.length > 0,
    window,
    duration: day.duration,
  })
  if (refusal) throw REFUSALS[refusal]()
  if (day.starts === undefined) throw REFUSALS.closedDay()
  try {
    const [row] = await db
      .insert(waitlistEntries)
      .values({
        companyId: company.id,
        customerId,
        shopId: request.shopId,
        serviceIds,
        day: request.day,
        timeZone: zone,
        windowFrom: window.from,
        windowTo: window.to,
        locale: request.locale ?? 'fr',
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .returning()
    if (!row) throw new Error('waitlist insert returned nothing')
    return entryView(row)
  } catch (error) {
    // two joins at once: the partial unique index lets one through
    if (sqlStateOf(error) === '23505') throw REFUSALS.duplicate()
    throw error
  }
}

/** GET /api/waitlist: the customer's entries, offers settled first (booked, lapsed). */
export async function listEntries(
  db: Db,
  companyId: number,
  customerId: string,
): Promise<WaitlistEntry[]> {
  await settleOffers(db, companyId, { customerId })
  const rows = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(eq(waitlistEntries.companyId, companyId), eq(waitlistEntries.customerId, customerId)),
    )
    .orderBy(desc(waitlistEntries.day), desc(waitlistEntries.position))
    .limit(100)
  return rows.map(entryView)
}

/**
 * DELETE /api/waitlist: the customer leaves a live entry; a slot held for them is released
 * (cancelAppointments, so the next in line gets it). Leaving twice is a no-op, another's entry 404.
 */
export async function leaveEntry(
  db: Db,
  companyId: number,
  customerId: string,
  entryId: string,
): Promise<void> {
  const mine = and(
    eq(waitlistEntries.companyId, companyId),
    eq(waitlistEntries.customerId, customerId),
    eq(waitlistEntries.id, entryId),
  )
  const [entry] = await db.select().from(waitlistEntries).where(mine)
  if (!entry) throw notFound('No such waitlist entry.')
  if (!isLive(entry.state)) return
  const offered = entry.offerAppointmentIds ?? []
  const held = offered.length
    ? await db
        .select({
          id: appointments.id,
          employeeId: appointments.employeeId,
          cabinId: appointments.cabinId,
        })
        .from(appointments)
        .where(
          and(
            eq(appointments.companyId, companyId),
            inArray(appointments.id, offered),
            eq(appointments.status, 'hold'),
          ),
        )
    : []
  await bookingTransaction(db, async (tx) => {
    const resources = held.flatMap((a) => (a.cabinId ? [a.employeeId, a.cabinId] : [a.employeeId]))
    await lockAll(tx, companyId, resources.map(resourceLock))
    const [left] = await tx
      .update(waitlistEntries)
      .set({ state: 'left', offerTokenHash: null, updatedAt: clock.now() })
      .where(and(mine, inArray(waitlistEntries.state, ['waiting', 'offered'])))
      .returning({ id: waitlistEntries.id })
    if (!left) throw conflict('The entry changed meanwhile, reload.')
    const now = clock.now()
    await cancelAppointments(
      tx,
      companyId,
      held.map((a) => a.id),
      'customer',
      customerId,
      now,
    )
  })
}
