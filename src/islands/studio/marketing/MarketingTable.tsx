import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import { useStudioText } from '../studio-text'
import { TableView } from '../TableView'
import type { Row } from './use-marketing-list'

/**
 * A marketing list laid out by TanStack Table: the given columns, then the row's actions (edit
 * opens the form, remove takes it off at once). Scrolls sideways on a phone.
 */
export function MarketingTable<T extends Row>({
  rows,
  columns,
  nameOf,
  onEdit,
  onRemove,
}: {
  rows: readonly T[]
  columns: ColumnDef<T>[]
  nameOf: (row: T) => string
  onEdit: (row: T) => void
  onRemove: (row: T) => void
}) {
  const { t } = useStudioText()
  const actions: ColumnDef<T> = {
    id: 'actions',
    header: () => t('studio.marketing.actions'),
    cell: ({ row }) => (
      <span className="studio-marketing__actions">
        <button type="button" onClick={() => onEdit(row.original)}>
          {t('studio.marketing.edit', { name: nameOf(row.original) })}
        </button>
        <button type="button" onClick={() => onRemove(row.original)}>
          {t('studio.marketing.remove', { name: nameOf(row.original) })}
        </button>
      </span>
    ),
  }
  const table = useReactTable({
    data: rows as T[],
    columns: [...columns, actions],
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
  })
  if (rows.length === 0) return <p>{t('studio.marketing.none')}</p>
  return (
    <div className="studio-marketing__table">
      <TableView table={table} rowHeaders />
    </div>
  )
}
