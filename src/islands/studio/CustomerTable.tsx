import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import type { BackOfficeCustomer } from '#contract/customer'
import { customerName } from '#domain/studio/customer-name'
import { useStudioText } from './studio-text'
import { TableView } from './TableView'

const column = createColumnHelper<BackOfficeCustomer>()

/**
 * One page of customers in TanStack Table: the server pages and filters, the table lays out;
 * a name opens the customer's profile.
 */
export function CustomerTable({
  rows,
  onOpen,
}: {
  rows: readonly BackOfficeCustomer[]
  /** opens the customer's profile: each name is a button to it */
  onOpen: (artebeauteId: string) => void
}) {
  const { t } = useStudioText()
  const table = useReactTable({
    data: rows as BackOfficeCustomer[],
    columns: [
      column.accessor((c) => customerName(c), {
        id: 'name',
        header: t('studio.customers.name'),
        cell: (cell) => (
          <button type="button" className="studio-link" onClick={() => onOpen(cell.row.id)}>
            {cell.getValue() || t('studio.file.noName')}
          </button>
        ),
      }),
      column.accessor((c) => c.email ?? '', { id: 'email', header: t('studio.customers.email') }),
      column.accessor((c) => c.phone ?? '', { id: 'phone', header: t('studio.customers.phone') }),
    ],
    getCoreRowModel: getCoreRowModel(),
    getRowId: (c) => c.artebeauteId,
  })
  return (
    <div className="studio-table">
      <TableView table={table} />
    </div>
  )
}
