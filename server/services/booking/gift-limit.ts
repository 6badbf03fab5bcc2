import { sql } from 'drizzle-orm'
import { datesWithoutVoucherRoom, hasVoucherRoom } from '#domain/booking/gift-limit.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { lockAll } from '#server/kernel/index.ts'
import type { PeriodAnswer } from './availability/period-answers.ts'
import { UnavailableError } from './prepare.ts'

/**
 * The gift limit of voucher bookings (src/domain/booking/gift-limit.ts,
 * docs/decisions/063-last-partial-rows-of-the-api.md): the voucher visits of a shop per local
 * date, counted from the appointments themselves (live: confirmed, or held and not lapsed; a
 * visit is its cart), the period answer without the dates that have no room, and the check a
 * voucher hold makes under a lock of its shop's date.
 */

const DAY_MS = 86_400_000

interface VisitQuery {
  readonly companyId: number
  readonly shopId: string
  /** first and last local dates, YYYY-MM-DD */
  readonly from: string
  readonly to: string
  readonly now: Date
  /** a cart that does not count (the visit being booked: its own services are one visit) */
  readonly exceptCart?: string | undefined
}

/**
 * Voucher visits per local date of [from, to]: a visit is paid with a voucher when one of its
 * appointments was booked with a code, or when its cart was priced with vouchers at payment
 * initialize (carts.data.vouchers: the storefront gives the code there). The instants bound the
 * shop's index (company, shop, starts_at) a day wider than any offset; the local start picks the
 * date.
 */
export async function voucherVisits(db: Db | Tx, q: VisitQuery): Promise<Map<string, number>> {
  const lower = new Date(Date.parse(`${q.from}T00:00:00Z`) - DAY_MS)
  const upper = new Date(Date.parse(`${q.to}T00:00:00Z`) + 2 * DAY_MS)
  const result = await db.execute(sql`
    select left(a.local_start, 10) as date, count(distinct a.cart_id)::int as visits
    from appointments a
    left join carts c on c.company_id = a.company_id and c.id = a.cart_id
    where a.company_id = ${q.companyId} and a.shop_id = ${q.shopId}
      and a.starts_at >= ${lower.toISOString()}::timestamptz
      and a.starts_at < ${upper.toISOString()}::timestamptz
      and left(a.local_start, 10) between ${q.from} and ${q.to}
      and a.cart_id <> ${q.exceptCart ?? ''}
      and (a.status = 'confirmed'
        or (a.status = 'hold' and a.expires_at > ${q.now.toISOString()}::timestamptz))
      and (coalesce(a.gift_code, '') <> ''
        or (jsonb_typeof(c.data->'vouchers') = 'array' and jsonb_array_length(c.data->'vouchers') > 0))
    group by 1`)
  const rows = (result as unknown as { rows: { date: string; visits: number | string }[] }).rows
  return new Map(rows.map((row) => [row.date, Number(row.visits)]))
}

/** Answers without their full dates, per answer object: a reused answer reuses this one too. */
const limited = new WeakMap<PeriodAnswer, Map<string, PeriodAnswer>>()

/**
 * The answer with the dates that have no voucher room left taken out. The answer itself is the
 * one without the limit (period-answers.ts reuses it and its packed bytes); this derives from it,
 * so the limit never stays in a cached part after a voucher visit ends.
 */
export function withoutFullDates(
  answer: PeriodAnswer,
  visits: ReadonlyMap<string, number>,
  limit: number,
): PeriodAnswer {
  const full = datesWithoutVoucherRoom(visits, limit)
  const days = JSON.parse(answer.text) as Record<string, unknown>
  const dropped = Object.keys(days).filter((date) => full.has(date))
  if (dropped.length === 0) return answer
  const key = dropped.join(',')
  let byDates = limited.get(answer)
  const hit = byDates?.get(key)
  if (hit) return hit
  for (const date of dropped) delete days[date]
  const derived: PeriodAnswer = { text: JSON.stringify(days) }
  if (!byDates) {
    byDates = new Map()
    limited.set(answer, byDates)
  }
  byDates.set(key, derived)
  return derived
}

/**
 * In a voucher hold's transaction, before its resource locks: waits for the shop's date (two
 * voucher holds of one day queue here, so a burst cannot pass the limit together), then refuses
 * when the date has no room for another visit. Only voucher holds take this lock, always first,
 * so no other writer waits on it while holding one of theirs.
 */
export async function assertVoucherRoom(
  tx: Tx,
  q: Omit<VisitQuery, 'from' | 'to'> & { readonly date: string; readonly limit: number },
): Promise<void> {
  await lockAll(tx, q.companyId, [`gift-limit:${q.shopId}:${q.date}`])
  const visits = await voucherVisits(tx, { ...q, from: q.date, to: q.date })
  if (!hasVoucherRoom(visits.get(q.date) ?? 0, q.limit)) throw new UnavailableError('giftLimit')
}
