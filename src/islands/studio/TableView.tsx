import { flexRender, type Table } from '@tanstack/react-table'

/**
 * A TanStack table laid out as an HTML table: column headers, and with `rowHeaders` the first
 * cell of each row as its header (a report's period or shop names the row for screen readers).
 */
export function TableView<T>({
  table,
  rowHeaders = false,
}: {
  table: Table<T>
  rowHeaders?: boolean
}) {
  return (
    <table>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th key={header.id} scope="col">
                {flexRender(header.column.columnDef.header, header.getContext())}
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id}>
            {row.getVisibleCells().map((cell, index) =>
              rowHeaders && index === 0 ? (
                <th key={cell.id} scope="row">
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </th>
              ) : (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
