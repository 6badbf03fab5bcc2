import type { BookingStatus } from '#contract/booking-order'

/**
 * The figures of the studio's reports (docs/decisions/076-studio-reports.md), from the orders a
 * report covers. The server feeds it each order's bill total (the amount its bill shows, never
 * a column kept apart), so a report's revenue is the sum of the bills it covers.
 * - visits: orders that took place or will (confirmed, arrived, completed, no-show, partly
 *   refunded);
 * - revenue: the bill totals of those visits (what was charged or is due at the shop);
 * - averageBasket: revenue / visits, rounded to the minor unit;
 * - cancellations: cancelled or refunded in full; noShows: marked no-show (also visits, since
 *   the slot was held and the policy may charge it);
 * - a pending order (payment not finished) counts in nothing.
 */
export interface ReportOrder {
  readonly status: BookingStatus
  /** the order's bill total, minor units */
  readonly total: number
  readonly shopId: string
  /** the shop wall-clock day of its first appointment, YYYY-MM-DD */
  readonly day: string
}

export interface Figures {
  readonly revenue: number
  readonly visits: number
  readonly noShows: number
  readonly cancellations: number
  readonly averageBasket: number
}

export type ReportStep = 'day' | 'week' | 'month'

export interface ReportFigures {
  readonly total: Figures
  readonly byShop: readonly (Figures & { readonly shopId: string })[]
  /** one entry per step of [start, end], empty steps included, in order */
  readonly byPeriod: readonly (Figures & { readonly period: string })[]
}

const VISIT: ReadonlySet<BookingStatus> = new Set([
  'confirmed',
  'arrived',
  'completed',
  'noShow',
  'partiallyRefunded',
])
const CANCELLED: ReadonlySet<BookingStatus> = new Set(['cancelled', 'refunded'])

interface Sums {
  revenue: number
  visits: number
  noShows: number
  cancellations: number
}

const empty = (): Sums => ({ revenue: 0, visits: 0, noShows: 0, cancellations: 0 })

function add(sums: Sums, order: ReportOrder): void {
  if (VISIT.has(order.status)) {
    sums.visits += 1
    sums.revenue += order.total
  }
  if (order.status === 'noShow') sums.noShows += 1
  if (CANCELLED.has(order.status)) sums.cancellations += 1
}

const figures = (sums: Sums): Figures => ({
  ...sums,
  averageBasket: sums.visits === 0 ? 0 : Math.round(sums.revenue / sums.visits),
})

const DAY_MS = 86_400_000
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10)

/** The first day of the step `day` falls in: itself, its week's Monday, its month's first. */
export function periodStart(day: string, step: ReportStep): string {
  if (step === 'day') return day
  if (step === 'month') return `${day.slice(0, 8)}01`
  const n = dayNumber(day)
  // 1970-01-01 was a Thursday: (n + 3) % 7 is 0 on Mondays
  return dayOf(n - ((n + 3) % 7))
}

/** Every step's first day from start's to end's, in order. */
export function periodStarts(start: string, end: string, step: ReportStep): string[] {
  const starts: string[] = []
  let day = periodStart(start, step)
  while (day <= end) {
    starts.push(day)
    if (step === 'month') {
      const [year = 0, month = 1] = day.split('-').map(Number)
      day = `${month === 12 ? year + 1 : year}-${String((month % 12) + 1).padStart(2, '0')}-01`
    } else day = dayOf(dayNumber(day) + (step === 'week' ? 7 : 1))
  }
  return starts
}

export function reportFigures(
  orders: readonly ReportOrder[],
  period: { readonly start: string; readonly end: string; readonly step: ReportStep },
): ReportFigures {
  const total = empty()
  const shops = new Map<string, Sums>()
  const periods = new Map(
    periodStarts(period.start, period.end, period.step).map((p) => [p, empty()]),
  )
  for (const order of orders) {
    if (order.day < period.start || order.day > period.end) continue
    add(total, order)
    const shop = shops.get(order.shopId) ?? empty()
    add(shop, order)
    shops.set(order.shopId, shop)
    const step = periods.get(periodStart(order.day, period.step))
    if (step) add(step, order)
  }
  return {
    total: figures(total),
    byShop: [...shops].map(([shopId, sums]) => ({ shopId, ...figures(sums) })),
    byPeriod: [...periods].map(([start, sums]) => ({ period: start, ...figures(sums) })),
  }
}
