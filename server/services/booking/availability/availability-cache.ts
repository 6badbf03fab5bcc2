/**
 * What availability reuses between requests (docs/decisions/009-availability-cache.md and
 * docs/decisions/035-availability-at-marketplace-scale.md): per company and shop, the booking
 * catalogue (shop, services, resources, closed and open days), and per (shop, local date) the busy
 * time of each of the shop's resources. A question about any service and week of a shop is then
 * arithmetic over shared days; the database is asked only for the days nobody asked for lately.
 *
 * Forgetting has ONE entry point, `invalidate(companyId, scope?)`: a committed booking write
 * names the shop, resources and local dates it touched (scope) and only those days are
 * forgotten; any other committed write of the company (content, settings) forgets the whole
 * company; no company forgets everything. Checks and refused writes change nothing and forget
 * nothing. A value loaded while its company was invalidated is used once but not kept, so a
 * write is never hidden behind a load that started before it. Bookings never trust the cache:
 * a hold is re-checked under the resource locks and the exclusion constraint.
 *
 * A catalogue or a day loaded again only because its lifetime ran out (nothing invalidated it)
 * and found deeply equal to what it was keeps its old object: what was computed from it and is
 * keyed by its identity (plans, answers) is still reused
 * (docs/decisions/044-reloaded-alike-keeps-identity.md).
 */

import { isDeepStrictEqual } from 'node:util'

/** What a committed booking write touched (JSON: it may travel between API instances). */
export interface CacheScope {
  readonly shopId: string
  readonly resourceIds: readonly string[]
  /** local dates 'YYYY-MM-DD' of the shop */
  readonly dates: readonly string[]
}

/** The days `load` read: every date of the range (an absent one is a day without busy time). */
export interface LoadedDays<V> {
  readonly days: ReadonlyMap<string, V>
  /** booking-clock ms when something in them lapses by itself (the earliest hold expiry) */
  readonly validUntil?: number | undefined
}

export interface AvailabilityCache {
  /** The shop's catalogue, or the one `load` gives (kept until the company changes). */
  catalogue<T>(companyId: number, shopId: string, load: () => Promise<T>): Promise<T>
  /**
   * The value of each of `dates` (sorted) of the shop: cached days are reused, the missing ones
   * are loaded in one call of `load(from, to)` over the range that spans them.
   */
  days<V>(
    companyId: number,
    shopId: string,
    dates: readonly string[],
    load: (from: string, to: string) => Promise<LoadedDays<V>>,
  ): Promise<Map<string, V | undefined>>
  /** Forgets what a committed write touched: the scope's days, the company, or everything. */
  invalidate(companyId: number | undefined, scope?: CacheScope): void
  /** Day questions answered wholly from the cache (hits) or not (misses), for the benchmark. */
  stats(): { readonly hits: number; readonly misses: number }
}

interface Entry {
  readonly value: unknown
  readonly expires: number
  /** on the booking clock: a hold in it lapses then */
  readonly lapses: number
}

interface CatalogueEntry {
  readonly value: Promise<unknown>
  readonly expires: number
  /** once loaded: compared with the next load when this one has outlived its lifetime */
  settled?: { readonly value: unknown }
}

const MAX_ENTRIES = 50_000
/** A catalogue changes only through writes that invalidate it; the lifetime is a safety net. */
const CATALOGUE_MS = 60_000

/**
 * `now` measures lifetimes; `bookingNow` is the clock holds lapse on (server/kernel/clock.ts), which
 * tests move: a day holding a hold is not reused once the booking clock passes its expiry.
 */
export function createAvailabilityCache(
  ttlMs: number,
  now: () => number = Date.now,
  bookingNow: () => number = now,
): AvailabilityCache {
  const catalogues = new Map<string, CatalogueEntry>()
  // per `${companyId}|${shopId}`, per local date: a question's dates are looked up in one map
  const shops = new Map<string, Map<string, Entry>>()
  let dayCount = 0
  const inFlight = new Map<string, Promise<LoadedDays<unknown>>>()
  // bumped by every invalidation of a company (epochs) or of one of its shops (shopEpochs)
  const epochs = new Map<number, number>()
  const shopEpochs = new Map<string, number>()
  let everyone = 0
  const counts = { hits: 0, misses: 0 }
  const epoch = (companyId: number, shopId = '') =>
    `${everyone}.${epochs.get(companyId) ?? 0}.${shopEpochs.get(`${companyId}|${shopId}`) ?? 0}`

  return {
    catalogue<T>(companyId: number, shopId: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load()
      const key = `${companyId}|${shopId}`
      const hit = catalogues.get(key)
      if (hit && hit.expires > now()) return hit.value as Promise<T>
      const started = epoch(companyId)
      const outlived = hit?.settled
      const value = load().then((loaded) =>
        outlived && isDeepStrictEqual(outlived.value, loaded) ? (outlived.value as T) : loaded,
      )
      const entry: CatalogueEntry = { value, expires: now() + Math.max(ttlMs, CATALOGUE_MS) }
      catalogues.set(key, entry)
      const forget = () => catalogues.get(key) === entry && catalogues.delete(key)
      value.then((loaded) => {
        entry.settled = { value: loaded }
        if (epoch(companyId) !== started) forget()
      }, forget)
      return value
    },

    async days<V>(
      companyId: number,
      shopId: string,
      dates: readonly string[],
      load: (from: string, to: string) => Promise<LoadedDays<V>>,
    ): Promise<Map<string, V | undefined>> {
      const out = new Map<string, V | undefined>()
      const missing: string[] = []
      // days whose lifetime ran out (a forgotten day has no entry at all)
      const outlived = new Map<string, V>()
      const time = now()
      const booking = bookingNow()
      const shopKey = `${companyId}|${shopId}`
      const cached = ttlMs > 0 ? shops.get(shopKey) : undefined
      for (const date of dates) {
        const hit = cached?.get(date)
        if (hit && hit.expires > time && hit.lapses > booking) out.set(date, hit.value as V)
        else {
          missing.push(date)
          if (hit?.value !== undefined) outlived.set(date, hit.value as V)
        }
      }
      const [from] = missing
      const to = missing.at(-1)
      if (from === undefined || to === undefined) {
        counts.hits += 1
        return out
      }
      counts.misses += 1
      const started = epoch(companyId, shopId)
      // concurrent misses of the same days share one load
      const flightKey = `${companyId}|${shopId}|${from}|${to}|${started}`
      let flight = inFlight.get(flightKey) as Promise<LoadedDays<V>> | undefined
      if (!flight) {
        flight = load(from, to)
        inFlight.set(flightKey, flight)
        const done = () => inFlight.delete(flightKey)
        flight.then(done, done)
      }
      const loaded = await flight
      const keep = ttlMs > 0 && epoch(companyId, shopId) === started
      const expires = now() + ttlMs
      const lapses = loaded.validUntil ?? Number.POSITIVE_INFINITY
      if (keep && dayCount + missing.length > MAX_ENTRIES) {
        shops.clear()
        dayCount = 0
      }
      let entries = keep ? shops.get(shopKey) : undefined
      if (keep && !entries) {
        entries = new Map()
        shops.set(shopKey, entries)
      }
      for (const date of missing) {
        let value = loaded.days.get(date)
        const old = outlived.get(date)
        if (keep && old !== undefined && isDeepStrictEqual(old, value)) value = old
        out.set(date, value)
        if (!entries) continue
        if (!entries.has(date)) dayCount += 1
        entries.set(date, { value, expires, lapses })
      }
      return out
    },

    invalidate(companyId: number | undefined, scope?: CacheScope): void {
      if (companyId === undefined) {
        everyone += 1
        catalogues.clear()
        shops.clear()
        dayCount = 0
        return
      }
      if (scope) {
        const shop = `${companyId}|${scope.shopId}`
        shopEpochs.set(shop, (shopEpochs.get(shop) ?? 0) + 1)
        const entries = shops.get(shop)
        for (const date of scope.dates) if (entries?.delete(date)) dayCount -= 1
        return
      }
      epochs.set(companyId, (epochs.get(companyId) ?? 0) + 1)
      const prefix = `${companyId}|`
      for (const key of catalogues.keys()) if (key.startsWith(prefix)) catalogues.delete(key)
      for (const [key, entries] of shops) {
        if (!key.startsWith(prefix)) continue
        dayCount -= entries.size
        shops.delete(key)
      }
    },

    stats: () => ({ ...counts }),
  }
}

/**
 * AVAILABILITY_CACHE_MS (0 switches the cache off), default 30 s: every committed booking write
 * forgets what it touched on every instance (docs/decisions/036-several-api-instances.md), so the
 * lifetime only bounds writes made outside the API (docs/decisions/041-hold-in-one-round-trip.md).
 */
export const DEFAULT_AVAILABILITY_CACHE_MS = 30_000
