import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import { useId } from 'react'
import { downloadCsv, toCsv } from './report-csv'
import { csvRows, moneyText, type ReportRow } from './report-rows'
import { useStudioText } from './studio-text'
import { TableView } from './TableView'

const column = createColumnHelper<ReportRow>()

/** A report's lines in TanStack Table, with their CSV download. */
export function ReportTable({
  title,
  first,
  rows,
  file,
}: {
  title: string
  first: string
  rows: readonly ReportRow[]
  file: string
}) {
  const { t, locale } = useStudioText()
  const id = useId()
  const revenue = t('studio.reports.revenue')
  const visits = t('studio.reports.visits')
  const noShows = t('studio.reports.noShows')
  const cancellations = t('studio.reports.cancellations')
  const basket = t('studio.reports.averageBasket')
  const titles = [revenue, visits, noShows, cancellations, basket]
  const table = useReactTable({
    data: rows as ReportRow[],
    columns: [
      column.accessor('label', { header: first }),
      column.accessor((row) => moneyText(row.revenue, locale), { id: 'revenue', header: revenue }),
      column.accessor('visits', { header: visits }),
      column.accessor('noShows', { header: noShows }),
      column.accessor('cancellations', { header: cancellations }),
      column.accessor((row) => moneyText(row.averageBasket, locale), {
        id: 'averageBasket',
        header: basket,
      }),
    ],
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.key,
  })
  return (
    <section aria-labelledby={id} className="studio-report-table">
      <h2 id={id}>{title}</h2>
      <button type="button" onClick={() => downloadCsv(file, toCsv(csvRows(first, titles, rows)))}>
        {t('studio.reports.csv')}
      </button>
      {/* a scrolled table is reached by the keyboard too (WCAG 2.1.1) */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must take the focus */}
      <div className="studio-table" tabIndex={0}>
        <TableView table={table} rowHeaders />
      </div>
    </section>
  )
}
