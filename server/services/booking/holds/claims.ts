import { and, sql } from 'drizzle-orm'
import { DAY_MINUTES, mergeRanges, type Range } from '#domain/slots/ranges.ts'
import type { Db } from '#server/db/client.ts'
import { appointmentClaims } from '#server/db/schema/index.ts'
import type { BusySpan } from '../availability/busy-span.ts'
import { nextDate } from '../availability/calendar.ts'
import { localDateAndMinutes } from '../availability/zone-cache.ts'
import { prepared } from '../prepared.ts'

const c = appointmentClaims

/** Instants leave the database as epoch milliseconds: no timestamp parsing per row. */
const span = {
  resourceId: c.resourceId,
  startsAt: sql<number>`(extract(epoch from ${c.startsAt}) * 1000)::float8`.mapWith(Number),
  endsAt: sql<number>`(extract(epoch from ${c.endsAt}) * 1000)::float8`.mapWith(Number),
}

const toSpan = (row: BusySpan): BusySpan => ({
  resourceId: row.resourceId,
  startsAt: Number(row.startsAt),
  endsAt: Number(row.endsAt),
})

const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`

/**
 * Live means confirmed, or a hold not yet lapsed at `now`: a lapsed hold is free even before
 * anything cancels it. (The statements also say status <> 'cancelled', implied here, so the
 * planner may use the partial GiST index of the exclusion constraint.)
 */
const liveAtNow = sql<boolean>`(${c.status} = 'confirmed' or (${c.status} = 'hold' and ${c.expiresAt} > ${at('now')}))`

/**
 * The live claims of one shop starting in [from, to) and ending after `from`, with the hold
 * expiries (null for confirmed ones): prepared once per connection, as availability asks it
 * for every day the cache does not hold. (company_id, shop_id, starts_at) serves it.
 */
const shopClaims = prepared((db) =>
  db
    .select({
      ...span,
      expires: sql<number | null>`(extract(epoch from ${c.expiresAt}) * 1000)::float8`,
    })
    .from(c)
    .where(
      and(
        sql`${c.companyId} = ${sql.placeholder('company')}::int`,
        sql`${c.shopId} = ${sql.placeholder('shop')}`,
        sql`${c.startsAt} >= ${at('from')}`,
        sql`${c.startsAt} < ${at('to')}`,
        sql`${c.endsAt} > ${at('from')}`,
        sql`${c.status} <> 'cancelled'`,
        liveAtNow,
      ),
    )
    .prepare('shop_claims'),
)

/** A shop's live claims over [from, to) and when the first hold among them lapses. */
export async function loadShopBusy(
  db: Db,
  companyId: number,
  shopId: string,
  period: { readonly from: Date; readonly to: Date },
  now: Date,
): Promise<{ spans: BusySpan[]; validUntil: number | undefined }> {
  const rows = await shopClaims(db).execute({
    company: companyId,
    shop: shopId,
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    now: now.toISOString(),
  })
  let validUntil: number | undefined
  const spans = rows.map((row) => {
    const expires = row.expires === null ? undefined : Number(row.expires)
    if (expires !== undefined && (validUntil === undefined || expires < validUntil))
      validUntil = expires
    return toSpan(row)
  })
  return { spans, validUntil }
}

/**
 * The claims (not cancelled) of some resources overlapping [from, to), each said live or not at
 * `now`: prepared once per connection like shop_claims, as every check and every refused hold
 * asks it (the resources travel as one array, so the text never changes with their number).
 */
const resourceClaimsStatement = prepared((db) =>
  db
    .select({
      ...span,
      appointmentId: c.appointmentId,
      live: liveAtNow,
    })
    .from(c)
    .where(
      and(
        sql`${c.companyId} = ${sql.placeholder('company')}::int`,
        sql`${c.resourceId} = any(${sql.placeholder('resources')}::text[])`,
        sql`${c.during} && tstzrange(${at('from')}, ${at('to')}, '[)')`,
        sql`${c.status} <> 'cancelled'`,
      ),
    )
    .prepare('resource_claims'),
)

async function resourceClaims(
  db: Db,
  companyId: number,
  resourceIds: readonly string[],
  period: { readonly start: Date; readonly end: Date },
  now: Date,
) {
  if (resourceIds.length === 0) return []
  return resourceClaimsStatement(db).execute({
    company: companyId,
    resources: [...resourceIds],
    from: period.start.toISOString(),
    to: period.end.toISOString(),
    now: now.toISOString(),
  })
}

/**
 * In ONE statement: the live claims of some resources overlapping [start, end), and the
 * appointments whose lapsed holds still overlap it (the exclusion constraint counts them until
 * they are cancelled, so the caller cancels them before claiming). A writer reads them under the
 * resource locks; read without, they are what was true when read: enough to refuse a slot taken
 * by live claims, never enough to write (holds.ts). `exclude`: appointments the caller releases
 * in the same transaction (a visit being moved).
 */
export async function loadOverlappingClaims(
  tx: Db,
  companyId: number,
  resourceIds: readonly string[],
  period: { readonly start: Date; readonly end: Date },
  now: Date,
  exclude: readonly string[] = [],
): Promise<{ spans: BusySpan[]; lapsed: string[] }> {
  const rows = await resourceClaims(tx, companyId, resourceIds, period, now)
  const spans: BusySpan[] = []
  const lapsed = new Set<string>()
  for (const row of rows) {
    if (exclude.includes(row.appointmentId)) continue
    if (row.live) spans.push(toSpan(row))
    else lapsed.add(row.appointmentId)
  }
  return { spans, lapsed: [...lapsed] }
}

/** date -> resource id -> busy minutes of that local date (a span past midnight is split). */
/** One local date's busy time, per resource id. */
export type BusyDay = Map<string, Range[]>
export type BusyByDate = Map<string, BusyDay>

export function busyByDate(spans: readonly BusySpan[], timeZone: string): BusyByDate {
  const out: BusyByDate = new Map()
  const add = (date: string, id: string, range: Range) => {
    let day = out.get(date)
    if (!day) {
      day = new Map<string, Range[]>()
      out.set(date, day)
    }
    const ranges = day.get(id)
    if (ranges) ranges.push(range)
    else day.set(id, [range])
  }
  for (const span of spans) {
    const from = localDateAndMinutes(span.startsAt, timeZone)
    const to = localDateAndMinutes(span.endsAt, timeZone)
    if (from.date === to.date) {
      add(from.date, span.resourceId, { start: from.minutes, end: to.minutes })
      continue
    }
    add(from.date, span.resourceId, { start: from.minutes, end: DAY_MINUTES })
    for (let d = nextDate(from.date); d < to.date; d = nextDate(d)) {
      add(d, span.resourceId, { start: 0, end: DAY_MINUTES })
    }
    if (to.minutes > 0) add(to.date, span.resourceId, { start: 0, end: to.minutes })
  }
  for (const day of out.values()) {
    for (const [id, ranges] of day) day.set(id, mergeRanges(ranges))
  }
  return out
}
