/**
 * The browser files split into shards of about equal time (docs/decisions/096): each browser lane
 * runs one shard in a vitest process of its own, with its own started product and Chromium. The
 * journeys mostly wait (a page's network going quiet, a poll, a rebuild), so two shards side by
 * side take about half the wall time for little more CPU.
 *
 * vitest's own `--shard` cuts the files sorted by a hash of their path into equal counts; with
 * one file of four minutes and many of five seconds that leaves one lane minutes longer than
 * the other. Here the longest files are placed first, each on the lane with the least time so far
 * (longest processing time first), from the seconds measured in a whole run.
 */

/** Seconds a file took in a whole run (2026-11-30 05:39 UTC, load 4-7); unlisted files: DEFAULT. */
export const MEASURED_SECONDS: Readonly<Record<string, number>> = {
  'tests/journeys/language-sweep.test.ts': 243,
  'tests/journeys/amounts.test.ts': 179,
  'tests/e2e/storefront.test.ts': 157,
  'tests/journeys/production-signup.test.ts': 52,
  'tests/journeys/account.test.ts': 45,
  'tests/journeys/form-providers.test.ts': 41,
  'tests/journeys/paypal.test.ts': 39,
  'tests/journeys/studio-shop-lifecycle.test.ts': 38,
  'tests/journeys/stripe.test.ts': 32,
  'tests/journeys/social-login.test.ts': 29,
  'tests/journeys/first-visit.test.ts': 29,
  'tests/journeys/marketing.test.ts': 27,
  'tests/journeys/notices.test.ts': 25,
  'tests/journeys/marketing-eshop.test.ts': 24,
  'tests/journeys/site-variants.test.ts': 23,
  'tests/site/rebuild-boundaries.test.ts': 23,
  'tests/e2e/islands-consent-cart.test.ts': 23,
  'tests/journeys/notices-live.test.ts': 22,
  'tests/journeys/booking.test.ts': 21,
  'tests/journeys/maps.test.ts': 21,
  'tests/journeys/gift-booking.test.ts': 20,
  'tests/journeys/consent.test.ts': 19,
  'tests/journeys/eshop.test.ts': 18,
  'tests/journeys/studio-week-prices.test.ts': 18,
  'tests/journeys/studio.test.ts': 18,
  'tests/journeys/studio-posts.test.ts': 17,
  'tests/journeys/coupon.test.ts': 17,
}

/** About the median of the files not listed (2 to 15 s each). */
export const DEFAULT_SECONDS = 7

export interface Shard {
  /** 1-based, as vitest's `--shard=<index>/<count>` */
  readonly index: number
  readonly count: number
}

/**
 * The files of one shard. Every process computes the same split from the same list, so the
 * shards together hold every file exactly once; ties go by path so the split does not depend on
 * the order vitest found the files in.
 */
export function shardFiles(
  files: readonly string[],
  { index, count }: Shard,
  seconds: (file: string) => number,
): string[] {
  if (!Number.isInteger(count) || count < 1 || index < 1 || index > count)
    throw new Error(`no shard ${index}/${count}`)
  const loads = Array.from({ length: count }, () => 0)
  const placed = new Map<string, number>()
  const longestFirst = [...files].sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b))
  for (const file of longestFirst) {
    const lightest = loads.indexOf(Math.min(...loads))
    loads[lightest] = (loads[lightest] ?? 0) + seconds(file)
    placed.set(file, lightest + 1)
  }
  return files.filter((file) => placed.get(file) === index)
}

/** A file's measured seconds, by its path from the repository's root. */
export function measuredSeconds(file: string): number {
  return MEASURED_SECONDS[file] ?? DEFAULT_SECONDS
}
