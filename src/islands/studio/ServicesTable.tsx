import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import { useMemo } from 'react'
import type { ArticleRecord } from '#contract/article'
import { priceCell } from './price-cell'
import { useStudioText } from './studio-text'
import { TableView } from './TableView'

export interface ServiceRow {
  readonly article: ArticleRecord
  readonly name: string
  readonly shops: number
  readonly warnings: number
}

const column = createColumnHelper<ServiceRow>()

/** The services, their price and minutes, how many shops offer them and what is wrong. */
export function ServicesTable({
  rows,
  onEdit,
}: {
  rows: readonly ServiceRow[]
  /** absent: read only (a manager's view) */
  onEdit?: ((article: ArticleRecord) => void) | undefined
}) {
  const { t, locale } = useStudioText()
  const columns = useMemo(
    () => [
      column.accessor('name', { header: () => t('studio.catalogue.columns.name') }),
      column.accessor((row) => row.article.duration, {
        id: 'duration',
        header: () => t('studio.catalogue.columns.duration'),
        cell: (c) =>
          c.getValue() === undefined
            ? '—'
            : t('studio.catalogue.minutes', { n: c.getValue() ?? 0 }),
      }),
      column.accessor((row) => row.article.prices, {
        id: 'price',
        header: () => t('studio.catalogue.columns.price'),
        cell: (c) => priceCell(c.row.original.article, { t, locale }),
      }),
      column.accessor((row) => row.article.draft, {
        id: 'state',
        header: () => t('studio.catalogue.columns.state'),
        cell: (c) => {
          const state = t(c.getValue() ? 'studio.catalogue.draft' : 'studio.catalogue.published')
          return c.row.original.article.booker.onlineBooking
            ? state
            : `${state} · ${t('studio.catalogue.atSalonOnly')}`
        },
      }),
      column.accessor('shops', { header: () => t('studio.catalogue.columns.shops') }),
      column.accessor('warnings', { header: () => t('studio.catalogue.columns.warnings') }),
      ...(onEdit
        ? [
            column.display({
              id: 'edit',
              header: () => t('studio.catalogue.columns.action'),
              cell: (c) => (
                <button type="button" onClick={() => onEdit(c.row.original.article)}>
                  {t('studio.catalogue.edit', { service: c.row.original.name })}
                </button>
              ),
            }),
          ]
        : []),
    ],
    [t, locale, onEdit],
  )
  const table = useReactTable({
    data: rows as ServiceRow[],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.article.id,
  })
  return (
    <div className="studio-table">
      <TableView table={table} rowHeaders />
    </div>
  )
}
