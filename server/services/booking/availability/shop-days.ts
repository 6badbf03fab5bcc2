import type { Db } from '#server/db/client.ts'
import { type BookingCatalogue, loadShopCatalogue } from '../catalogue.ts'
import { type BusyByDate, busyByDate, loadShopBusy } from '../holds/claims.ts'
import type { AvailabilityCache } from './availability-cache.ts'

const DAY_MS = 86_400_000

/** The shop's catalogue through the cache (read from the database when the cache has none). */
export function shopCatalogue(
  db: Db,
  cache: AvailabilityCache,
  companyId: number,
  shopId: string,
  now: Date,
): Promise<BookingCatalogue | undefined> {
  const today = now.toISOString().slice(0, 10)
  return cache.catalogue(companyId, shopId, () => loadShopCatalogue(db, companyId, shopId, today))
}

/**
 * The busy time of the shop's resources on each local date of `dates`, through the cache at
 * (shop, date) grain: one statement for the dates it lacks. Claims are fetched from a day before
 * to a day after the range in UTC (more than any offset) and sorted into local dates.
 */
export async function shopBusyDays(
  db: Db,
  cache: AvailabilityCache,
  companyId: number,
  catalogue: BookingCatalogue,
  dates: readonly string[],
  now: Date,
): Promise<BusyByDate> {
  const { id, timeZone } = catalogue.shop
  const days = await cache.days(companyId, id, dates, async (from, to) => {
    const period = {
      from: new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS),
      to: new Date(Date.parse(`${to}T00:00:00Z`) + 2 * DAY_MS),
    }
    const { spans, validUntil } = await loadShopBusy(db, companyId, id, period, now)
    return { days: busyByDate(spans, timeZone), validUntil }
  })
  const out: BusyByDate = new Map()
  for (const [date, busy] of days) if (busy) out.set(date, busy)
  return out
}
