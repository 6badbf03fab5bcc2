import { nextLocalYearStart } from '#domain/content/calendar-year'
import { currentItems } from '#domain/content/current-items'

/**
 * When a tenant's built pages stop being true (docs/decisions/059-rebuilds-at-content-boundaries.md).
 * The build fixes "now" once (src/site/build-clock.ts), so a page changes only when it is built
 * again; these pure rules say at which instants what it would show changes, and when to rebuild
 * for them. Every reader of the build's "now" is listed here and in the decision, and
 * rules.test.ts checks each flip against the build's own predicate.
 */

/** A window as the contract stores it: ISO instants, either end open. */
export interface Window {
  readonly start?: string | null | undefined
  readonly end?: string | null | undefined
}

/** What a tenant's pages read from the clock; anything else on them does not depend on it. */
export interface TimedContent {
  /** Published posts whose featured flag is on: the badge and the magazine's order. */
  readonly featured: readonly Window[]
  /** Publication instants of scheduled posts: the pages list them from then on. */
  readonly scheduled?: readonly string[]
  /** Active coupons of the home pop-up's word cloud (only dated ones come and go). */
  readonly offers: readonly Window[]
  /** Events and alerts: the header keeps the bell's place while any is current (src/site/bell.ts). */
  readonly notices?: readonly Window[]
  /** The zones the footer's year may be read in: every shop's, or the default one. */
  readonly timeZones: readonly string[]
}

export interface Spacing {
  /** Flips within one bucket (aligned to the epoch) are one rebuild at the bucket's end. */
  readonly bucketMs: number
  /** Tenants sharing a bucket (midnight, new year) start spread over this span. */
  readonly spreadMs: number
}

/** At most 12 minutes late; a new year's thousand tenants arrive over 10 minutes. */
export const DEFAULT_SPACING: Spacing = { bucketMs: 2 * 60_000, spreadMs: 10 * 60_000 }

const at = (iso: string | null | undefined): number => (iso ? Date.parse(iso) : Number.NaN)

/**
 * The first instants at which a window's state differs from the instant before. Featured posts
 * are featured from start to end inclusive (src/site/posts.ts isFeatured); dated offers are
 * current strictly between start and end (src/domain/content/current-items.ts), and an offer
 * missing either date is always shown, so it never flips.
 */
function flipsOf(content: TimedContent): number[] {
  const flips: number[] = []
  for (const { start, end } of content.featured) {
    // a window ending before it starts is never featured: nothing flips
    if (!(at(start) > at(end))) flips.push(at(start), at(end) + 1)
  }
  // live from its instant on (src/domain/content/post-schedule.ts)
  for (const instant of content.scheduled ?? []) flips.push(at(instant))
  for (const { start, end } of content.offers) {
    // current from start + 1 ms to end - 1 ms: at least one instant, or never
    if (start && end && at(end) - at(start) > 1) flips.push(at(start) + 1, at(end))
  }
  return [...flips, ...noticeFlips(content.notices ?? [])].filter(Number.isFinite)
}

/**
 * The instants at which "some event or alert is current" changes: each window's edges
 * (src/domain/content/current-items.ts, strictly between start and end), kept only where the
 * answer differs from the instant before, since overlapping windows hide each other's edges.
 */
function noticeFlips(notices: readonly Window[]): number[] {
  const any = (t: number) => currentItems(notices, t).length > 0
  return notices
    .flatMap(({ start, end }) => [at(start) + 1, at(end)])
    .filter((t) => Number.isFinite(t) && any(t) !== any(t - 1))
}

/** Every instant after `after` (exclusive) up to `until` (inclusive) at which a page changes. */
export function flipsBetween(content: TimedContent, after: number, until: number): number[] {
  const years: number[] = []
  for (const zone of content.timeZones) {
    for (let year = nextLocalYearStart(after, zone); year <= until; ) {
      years.push(year)
      year = nextLocalYearStart(year, zone)
    }
  }
  const inRange = [...flipsOf(content), ...years].filter((t) => t > after && t <= until)
  return [...new Set(inRange)].sort((a, b) => a - b)
}

/** FNV-1a of the company id: a fixed place in the spread, the same on every instance. */
function offsetOf(companyId: number, spreadMs: number): number {
  let hash = 0x811c9dc5
  for (const char of String(companyId)) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0
  }
  return spreadMs > 0 ? (hash % Math.ceil(spreadMs / 1000)) * 1000 : 0
}

/** When the rebuild for a flip starts: the end of its bucket plus the tenant's offset. */
export function fireTime(flip: number, companyId: number, spacing: Spacing): number {
  const bucket = Math.max(1, spacing.bucketMs)
  return Math.ceil(flip / bucket) * bucket + offsetOf(companyId, spacing.spreadMs)
}

/** How far before a fire its flips may lie. */
const reach = (spacing: Spacing) => Math.max(1, spacing.bucketMs) + spacing.spreadMs

/**
 * The rebuilds due after `after` up to `until` (each once, in order), and the first one after
 * `until`: what a planner queues. A year from now is as far as any tenant ever needs to look.
 */
export function firesAfter(
  content: TimedContent,
  companyId: number,
  after: number,
  until: number,
  spacing: Spacing,
): number[] {
  const horizon = Math.max(until, after) + 400 * 86_400_000
  const fires = flipsBetween(content, after - reach(spacing), horizon)
    .map((flip) => fireTime(flip, companyId, spacing))
    .filter((fire) => fire > after)
  const unique = [...new Set(fires)].sort((a, b) => a - b)
  const due = unique.filter((fire) => fire <= until)
  const next = unique.find((fire) => fire > until)
  return next === undefined ? due : [...due, next]
}

/** Whether a queued rebuild still answers a flip of the content as it is now (not stale). */
export function isDueFire(
  content: TimedContent,
  companyId: number,
  fire: number,
  spacing: Spacing,
): boolean {
  return flipsBetween(content, fire - reach(spacing), fire).some(
    (flip) => fireTime(flip, companyId, spacing) === fire,
  )
}
