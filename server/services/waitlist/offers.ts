import { randomBytes } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { AppointmentRequest } from '#contract/appointment.ts'
import { formatClockTime } from '#domain/slots/clock-time.ts'
import { firstInLine, type LineEntry } from '#domain/waitlist/rules.ts'
import type { Db, Tx } from '#server/db/client.ts'
import {
  accounts,
  type CompanyRow,
  type WaitlistEntryRow,
  waitlistEntries,
} from '#server/db/schema/index.ts'
import { bookingTransaction, clock, lockAll, Refusal } from '#server/kernel/index.ts'
import { hashToken } from '../auth/index.ts'
import {
  type AvailabilityCache,
  createAvailabilityCache,
  localDateAndMinutes,
  type PreparedRequest,
  prepareRequest,
  writeHold,
} from '../booking/index.ts'
import { queueMessage } from '../notifier/index.ts'
import { dayStarts } from './free-starts.ts'
import { offerMessages } from './offer-message.ts'
import { settleOffers } from './offer-state.ts'
import { waitlistSettingsOf } from './settings.ts'

/** Offers of one (shop, day) are made one at a time, across instances (advisory lock). */
const lineLock = (shopId: string, day: string) => `waitlist:${shopId}:${day}`

/** Processing reads bookings as they are now: no reuse of a cached answer. */
const fresh = (): AvailabilityCache =>
  createAvailabilityCache(0, Date.now, () => clock.now().getTime())

interface Planned {
  readonly entry: WaitlistEntryRow
  readonly requests: readonly { request: AppointmentRequest; prepared: PreparedRequest }[]
}

/** The holds of a visit starting at `start` (services back to back), prepared outside any transaction. */
async function prepareVisit(
  db: Db,
  cache: AvailabilityCache,
  company: CompanyRow,
  entry: WaitlistEntryRow,
  start: number,
  durations: readonly number[],
): Promise<Planned> {
  const requests: { request: AppointmentRequest; prepared: PreparedRequest }[] = []
  const local = (minutes: number) => `${entry.day}T${formatClockTime(minutes)}`
  const ends: string[] = []
  let at = start
  for (const [i, serviceid] of entry.serviceIds.entries()) {
    const duration = durations[i] ?? 0
    const request: AppointmentRequest = {
      shopid: entry.shopId,
      serviceid,
      start: local(at),
      end: local(at + duration),
      mode: '1',
      checkGiftLimit: false,
      checkEquipments: false,
      myAppointment: { equipmentIds: [] },
    }
    const chain = async () => [...ends]
    requests.push({ request, prepared: await prepareRequest(db, cache, company, request, chain) })
    ends.push(request.end)
    at += duration
  }
  return { entry, requests }
}

/**
 * Holds the visit for the entry and records the offer, in one booking transaction under the
 * line's lock and the resources' locks (writeHold: the same locks and exclusion constraint as a
 * booking, so an offer never double-books). Answers false when the entry no longer waits or the
 * slot was taken meanwhile.
 */
async function makeOffer(db: Db, company: CompanyRow, planned: Planned): Promise<boolean> {
  const { entry } = planned
  const settings = waitlistSettingsOf(company)
  const token = randomBytes(32).toString('base64url')
  try {
    return await bookingTransaction(db, async (tx) => {
      await lockAll(tx, company.id, [lineLock(entry.shopId, entry.day)])
      const now = clock.now()
      const expiresAt = new Date(now.getTime() + settings.offerMs)
      const [still] = await tx
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .where(
          and(
            eq(waitlistEntries.companyId, company.id),
            eq(waitlistEntries.id, entry.id),
            eq(waitlistEntries.state, 'waiting'),
          ),
        )
      if (!still) return false
      const ids: string[] = []
      let cartId = ''
      for (const { request, prepared } of planned.requests) {
        const placed = await writeHold(tx, company.id, entry.customerId, request, prepared, {
          expiresAt,
        })
        ids.push(placed.appointmentId)
        cartId = placed.cartId
      }
      const start = planned.requests[0]?.request.start ?? ''
      await tx
        .update(waitlistEntries)
        .set({
          state: 'offered',
          offerCartId: cartId,
          offerAppointmentIds: ids,
          offerStart: start,
          offerExpiresAt: expiresAt,
          offerTokenHash: hashToken(token),
          updatedAt: now,
        })
        .where(and(eq(waitlistEntries.companyId, company.id), eq(waitlistEntries.id, entry.id)))
      await queueOffer(tx, company, entry, start, expiresAt, token)
      return true
    })
  } catch (error) {
    // taken meanwhile (a booking won the slot): the caller looks again
    if (error instanceof Refusal && error.status === 409) return false
    throw error
  }
}

async function queueOffer(
  tx: Tx,
  company: CompanyRow,
  entry: WaitlistEntryRow,
  start: string,
  expiresAt: Date,
  token: string,
): Promise<void> {
  const [customer] = await tx
    .select({ email: accounts.email, phone: accounts.phone })
    .from(accounts)
    .where(and(eq(accounts.companyId, company.id), eq(accounts.id, entry.customerId)))
  if (!customer) return
  const [shop] = await tx
    .execute<{ name: string | null }>(
      sql`select data->'publicInfo'->>'name' as name from shops where company_id = ${company.id} and id = ${entry.shopId}`,
    )
    .then((result) => (result as unknown as { rows: { name: string | null }[] }).rows)
  const until = localDateAndMinutes(expiresAt, entry.timeZone)
  const messages = offerMessages(company, {
    to: customer,
    locale: entry.locale,
    shopName: shop?.name ?? '',
    start,
    untilMinutes: until.minutes,
    token,
    sms: waitlistSettingsOf(company).sms,
  })
  for (const message of messages) await queueMessage(tx, message)
}

/**
 * Gives the free slots of one (shop, day) to the line: settles ended offers, then, while the
 * first waiting entry in line has a free start in its window (the slot picker's computation),
 * offers it that start. Returns how many offers were made.
 */
export async function offerFreedSlots(
  db: Db,
  company: CompanyRow,
  shopId: string,
  day: string,
): Promise<number> {
  let made = 0
  // entries whose visit cannot be prepared any more (a service gone): passed over, not retried
  const unplaceable = new Set<string>()
  await settleOffers(db, company.id, { shopId, day })
  // each round either makes an offer or ends; a lost race is looked at again, a bounded number of times
  for (let round = 0; round < 50; round++) {
    const rows = await db
      .select()
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.companyId, company.id),
          eq(waitlistEntries.shopId, shopId),
          eq(waitlistEntries.day, day),
          inArray(waitlistEntries.state, ['waiting', 'offered']),
        ),
      )
      .orderBy(asc(waitlistEntries.position))
    if (!rows.some((row) => row.state === 'waiting')) break
    const cache = fresh()
    const startsByServices = new Map<
      string,
      { starts: readonly number[]; duration: number; durations: number[] }
    >()
    const line: LineEntry[] = []
    for (const row of rows) {
      if (unplaceable.has(row.id)) continue
      const key = row.serviceIds.join(',')
      let visit = startsByServices.get(key)
      if (!visit) {
        const found = await dayStarts(db, cache, company, shopId, row.serviceIds, day).catch(
          () => undefined,
        )
        visit = {
          starts: found?.starts ?? [],
          duration: found?.duration ?? 0,
          durations: found?.needs.map((need) => need.duration) ?? [],
        }
        startsByServices.set(key, visit)
      }
      line.push({
        id: row.id,
        customerId: row.customerId,
        position: row.position,
        state: row.state,
        window: { from: row.windowFrom, to: row.windowTo },
        duration: visit.duration,
      })
    }
    const byId = new Map(rows.map((row) => [row.id, row]))
    const offer = firstInLine(line, (entry) => {
      const row = byId.get(entry.id)
      return row ? (startsByServices.get(row.serviceIds.join(','))?.starts ?? []) : []
    })
    const entry = offer && byId.get(offer.entryId)
    if (!offer || !entry) break
    const durations = startsByServices.get(entry.serviceIds.join(','))?.durations ?? []
    const planned = await prepareVisit(db, cache, company, entry, offer.start, durations).catch(
      () => undefined,
    )
    if (!planned) unplaceable.add(entry.id)
    else if (await makeOffer(db, company, planned)) made += 1
  }
  return made
}
