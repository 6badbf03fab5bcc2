/**
 * A short-lived cache of availability answers (GET /api/appointments), decision 009. Many
 * visitors look at the same shop's week at once; computing it again for each of them is what
 * bounded one API process to a few hundred answers a second. An answer is reused for at most
 * `ttlMs`, and never after a write of this process to the same company: every write request
 * bumps the company's generation (app.ts), and an answer computed while a write ran is not
 * kept. Bookings never trust it: a hold is re-checked under the resource locks and the
 * exclusion constraint, so a stale answer can at worst offer a slot that then answers 409.
 * Concurrent misses of one key share one computation.
 */
export interface AvailabilityCache {
  /** The cached answer for `key` of `companyId`, or the one `compute` gives (then kept). */
  get<T>(companyId: number, key: string, compute: () => Promise<T>): Promise<T>
  /** Forgets every answer of the company, or of all when none is known (a write may change them). */
  invalidate(companyId?: number): void
  /** Answers served from the cache and computed since the start (the benchmark reports the share). */
  stats(): { readonly hits: number; readonly misses: number }
}

interface Entry {
  readonly value: Promise<unknown>
  readonly expires: number
}

const MAX_ENTRIES = 5_000

export function createAvailabilityCache(
  ttlMs: number,
  now: () => number = Date.now,
): AvailabilityCache {
  const entries = new Map<string, Entry>()
  const generations = new Map<number, number>()
  let everyone = 0
  const counts = { hits: 0, misses: 0 }
  const generation = (companyId: number) => `${everyone}.${generations.get(companyId) ?? 0}`

  return {
    get<T>(companyId: number, key: string, compute: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) {
        counts.misses += 1
        return compute()
      }
      const started = generation(companyId)
      const fullKey = `${companyId}|${started}|${key}`
      const hit = entries.get(fullKey)
      if (hit && hit.expires > now()) {
        counts.hits += 1
        return hit.value as Promise<T>
      }
      counts.misses += 1
      const value = compute()
      entries.delete(fullKey)
      if (entries.size >= MAX_ENTRIES) entries.clear()
      entries.set(fullKey, { value, expires: now() + ttlMs })
      const forget = () => {
        if (entries.get(fullKey)?.value === value) entries.delete(fullKey)
      }
      value.then(
        // computed across a write of the company: its data may predate the write
        () => generation(companyId) !== started && forget(),
        forget,
      )
      return value
    },
    invalidate(companyId?: number): void {
      if (companyId === undefined) {
        everyone += 1
        entries.clear()
        return
      }
      generations.set(companyId, (generations.get(companyId) ?? 0) + 1)
      const prefix = `${companyId}|`
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key)
    },
    stats: () => ({ ...counts }),
  }
}

/** AVAILABILITY_CACHE_MS (0 switches the cache off), default two seconds. */
export const DEFAULT_AVAILABILITY_CACHE_MS = 2_000

export function availabilityCacheMsFrom(env: NodeJS.ProcessEnv): number {
  const value = Number(env.AVAILABILITY_CACHE_MS)
  return env.AVAILABILITY_CACHE_MS !== undefined && Number.isFinite(value) && value >= 0
    ? value
    : DEFAULT_AVAILABILITY_CACHE_MS
}
