import { formatMoney } from '#domain/money/format-money'
import type { islandApi } from '#islands/shared/island-api'
import { csvAmount } from './report-csv'

export type Report = Awaited<ReturnType<typeof islandApi.stats.report>>
type Money = Report['total']['revenue']
type Figures = Report['total']

/** One line of a report's table, the first cell naming its period or shop. */
export interface ReportRow {
  readonly key: string
  readonly label: string
  readonly revenue: Money
  readonly visits: number
  readonly noShows: number
  readonly cancellations: number
  readonly averageBasket: Money
}

export const rowOf = (key: string, label: string, figures: Figures): ReportRow => ({
  key,
  label,
  revenue: figures.revenue,
  visits: figures.visits,
  noShows: figures.noShows,
  cancellations: figures.cancellations,
  averageBasket: figures.averageBasket,
})

export const moneyText = (money: Money, locale: string) =>
  formatMoney(money.amount, locale, { mCurrency: { code: money.currency } })

/** The table as CSV cells: amounts as decimals, the first column's title given. */
export function csvRows(first: string, titles: readonly string[], rows: readonly ReportRow[]) {
  return [
    [first, ...titles],
    ...rows.map((row) => [
      row.label,
      csvAmount(row.revenue.amount),
      row.visits,
      row.noShows,
      row.cancellations,
      csvAmount(row.averageBasket.amount),
    ]),
  ]
}
