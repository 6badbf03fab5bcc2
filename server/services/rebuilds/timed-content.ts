import { eq, max } from 'drizzle-orm'
import { alert as alertSchema } from '#contract/alert'
import { companyBooker } from '#contract/company-booker'
import { coupon as couponSchema } from '#contract/coupon'
import { event as eventSchema } from '#contract/event'
import { post as postSchema } from '#contract/post'
import { shop as shopSchema } from '#contract/shop'
import { tenantTimeZone } from '#domain/content/calendar-year'
import type { Db } from '#server/db/client.ts'
import { type ContentKind, companies, contentTables } from '#server/db/schema/index.ts'
import { listContent } from '#server/services/content/index.ts'
import type { TimedContent } from './rules.ts'

/** A tenant as the rebuild planner sees it: its host and what its pages read from the clock. */
export interface TimedTenant {
  readonly host: string
  readonly content: TimedContent
}

/** Rows are read through the contract's schemas, as the build reads them; an unreadable one is skipped. */
function parsed<T>(
  rows: readonly { id: string; data: Record<string, unknown> }[],
  parse: (value: unknown) => T | undefined,
): T[] {
  return rows.flatMap((row) => {
    const value = parse({ ...row.data, id: row.id })
    return value === undefined ? [] : [value]
  })
}

/**
 * What a company's pages read from the clock (server/services/rebuilds/rules.ts), scoped to that
 * company: published posts with the featured flag on, their publication instants, and, when the home's pop-up draws its word
 * cloud (on, without an image), the active coupons; its events and alerts (the bell's place); the
 * zones of its shops for the year.
 */
export async function readTimedTenant(db: Db, companyId: number): Promise<TimedTenant | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1)
  if (!row) return undefined
  const booker = companyBooker.safeParse(row.data.booker ?? {}).data
  const cloud = booker?.couponsPopupHome === true && booker.popupImg === undefined
  const [posts, coupons, shops, events, alerts] = await Promise.all([
    listContent(db, companyId, 'posts', { publishedOnly: true }),
    cloud ? listContent(db, companyId, 'coupons') : Promise.resolve([]),
    listContent(db, companyId, 'shops'),
    listContent(db, companyId, 'events'),
    listContent(db, companyId, 'alerts'),
  ])
  const published = parsed(posts, (value) => postSchema.safeParse(value).data).filter(
    (post) => post.published,
  )
  const featured = published.filter((post) => post.vedette.active).map((post) => post.vedette)
  const scheduled = published.flatMap((post) => (post.publishedAt ? [post.publishedAt] : []))
  const offers = parsed(coupons, (value) => couponSchema.safeParse(value).data).filter(
    (offer) => offer.active,
  )
  const zones = parsed(shops, (value) => shopSchema.safeParse(value).data).map(
    (shop) => shop.timeZone,
  )
  const timeZones = [...new Set(zones.length > 0 ? zones : [tenantTimeZone([])])]
  const notices = [
    ...parsed(events, (value) => eventSchema.safeParse(value).data),
    ...parsed(alerts, (value) => alertSchema.safeParse(value).data),
  ]
  return { host: row.host, content: { featured, scheduled, offers, notices, timeZones } }
}

const WATCHED: readonly ContentKind[] = ['posts', 'coupons', 'shops', 'events', 'alerts']

/** The last write to what the planner reads: flips before it were already in that write's rebuild. */
export async function lastChangeOf(db: Db, companyId: number): Promise<number> {
  const [company] = await db
    .select({ at: companies.updatedAt })
    .from(companies)
    .where(eq(companies.id, companyId))
  const times = [company?.at?.getTime() ?? 0]
  for (const kind of WATCHED) {
    const table = contentTables[kind]
    const [last] = await db
      .select({ at: max(table.updatedAt) })
      .from(table)
      .where(eq(table.companyId, companyId))
    times.push(last?.at ? new Date(last.at).getTime() : 0)
  }
  return Math.max(...times)
}
