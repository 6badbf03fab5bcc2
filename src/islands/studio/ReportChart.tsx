import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { moneyText, type ReportRow } from './report-rows'
import { useStudioText } from './studio-text'

/**
 * Revenue (bars) and visits (line) per period, drawn by Recharts (docs/decisions/076-studio-reports.md).
 * Its keyboard layer lets the arrows walk the periods; the table below holds the same figures
 * as text for every reader.
 */
export function ReportChart({ rows }: { rows: readonly ReportRow[] }) {
  const { t, locale } = useStudioText()
  const data = rows.map((row) => ({
    label: row.label,
    revenue: row.revenue.amount / 100,
    visits: row.visits,
    money: row.revenue,
  }))
  const revenue = t('studio.reports.revenue')
  const visits = t('studio.reports.visits')
  return (
    <figure className="studio-report-chart">
      <figcaption>{t('studio.reports.chart')}</figcaption>
      <ResponsiveContainer width="100%" height={280}>
        <ComposedChart data={data} accessibilityLayer>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis yAxisId="revenue" />
          <YAxis yAxisId="visits" orientation="right" allowDecimals={false} />
          <Tooltip
            formatter={(value, name, item) =>
              name === revenue ? moneyText(item.payload.money, locale) : String(value)
            }
          />
          <Legend />
          <Bar yAxisId="revenue" dataKey="revenue" name={revenue} fill="#6b4f8f" />
          <Line yAxisId="visits" dataKey="visits" name={visits} stroke="#c2612c" strokeWidth={2} />
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  )
}
