import { and, asc, eq, inArray, isNull, lt, lte } from 'drizzle-orm'
import { dayIsOver } from '#domain/waitlist/rules.ts'
import type { Db } from '#server/db/client.ts'
import { companies, waitlistEntries, waitlistFreed } from '#server/db/schema/index.ts'
import { clock } from '#server/kernel/index.ts'
import { localDateAndMinutes } from '../booking/index.ts'
import { settleOffers } from './offer-state.ts'
import { offerFreedSlots } from './offers.ts'

/**
 * The waitlist job (docs/decisions/040-waitlist.md): takes the freed rows of the outbox in order
 * and gives each (shop, day) to its line. A row is marked processed only after its day was
 * handled, so a crash re-runs it (offers are idempotent: an entry offered once is never
 * offered again).
 */
export async function processFreed(db: Db, limit = 100): Promise<number> {
  const due = await db
    .select()
    .from(waitlistFreed)
    .where(isNull(waitlistFreed.processedAt))
    .orderBy(asc(waitlistFreed.id))
    .limit(limit)
  let made = 0
  const done = new Set<string>()
  for (const row of due) {
    const key = `${row.companyId}\n${row.shopId}\n${row.day}`
    if (!done.has(key)) {
      done.add(key)
      const [company] = await db.select().from(companies).where(eq(companies.id, row.companyId))
      if (company) made += await offerFreedSlots(db, company, row.shopId, row.day)
    }
    await db
      .update(waitlistFreed)
      .set({ processedAt: clock.now() })
      .where(eq(waitlistFreed.id, row.id))
  }
  return made
}

/**
 * The per-minute sweep: entries of days that are over lapse; offers past their time lapse and
 * their (shop, day) goes to the next in line (their hold is free for booking already, before the
 * hold sweep cancels it); then whatever the outbox holds is processed.
 */
export async function waitlistSweep(db: Db): Promise<number> {
  const now = clock.now()
  // candidates: no zone is more than a day ahead of UTC; the shop's own date decides
  const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10)
  const waiting = await db
    .select({ id: waitlistEntries.id, day: waitlistEntries.day, zone: waitlistEntries.timeZone })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.state, 'waiting'), lt(waitlistEntries.day, tomorrow)))
    .limit(500)
  const over = waiting.filter((e) => dayIsOver(e.day, localDateAndMinutes(now, e.zone).date))
  if (over.length > 0) {
    await db
      .update(waitlistEntries)
      .set({ state: 'lapsed', updatedAt: now })
      .where(
        and(
          inArray(
            waitlistEntries.id,
            over.map((e) => e.id),
          ),
          eq(waitlistEntries.state, 'waiting'),
        ),
      )
  }
  const ended = await db
    .selectDistinct({
      companyId: waitlistEntries.companyId,
      shopId: waitlistEntries.shopId,
      day: waitlistEntries.day,
    })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.state, 'offered'), lte(waitlistEntries.offerExpiresAt, now)))
    .limit(200)
  for (const { companyId, shopId, day } of ended) {
    await db.insert(waitlistFreed).values({ companyId, shopId, day })
  }
  await settleOffers(db, undefined)
  return processFreed(db)
}
