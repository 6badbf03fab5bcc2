import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import { useMemo } from 'react'
import type { ArticleRecord } from '#contract/article'
import { priceCell } from './price-cell'
import { useStudioText } from './studio-text'
import { TableView } from './TableView'

export interface ProductRow {
  readonly article: ArticleRecord
  readonly name: string
}

const column = createColumnHelper<ProductRow>()

/** The e-shop's products, their price, on sale or not, and what the user may change of them. */
export function ProductsTable({
  rows,
  onEdit,
  onStock,
}: {
  rows: readonly ProductRow[]
  /** absent: the product itself is read only (a manager's view) */
  onEdit?: ((article: ArticleRecord) => void) | undefined
  onStock: (article: ArticleRecord) => void
}) {
  const { t, locale } = useStudioText()
  const columns = useMemo(
    () => [
      column.accessor('name', { header: () => t('studio.catalogue.columns.name') }),
      column.accessor((row) => row.article.prices, {
        id: 'price',
        header: () => t('studio.catalogue.columns.price'),
        cell: (c) => priceCell(c.row.original.article, { t, locale }),
      }),
      column.accessor((row) => row.article.draft, {
        id: 'state',
        header: () => t('studio.catalogue.columns.state'),
        cell: (c) => t(c.getValue() ? 'studio.products.notOnSale' : 'studio.products.onSaleState'),
      }),
      column.display({
        id: 'actions',
        header: () => t('studio.catalogue.columns.action'),
        cell: (c) => (
          <span className="studio-row-actions">
            {onEdit && (
              <button type="button" onClick={() => onEdit(c.row.original.article)}>
                {t('studio.products.edit', { name: c.row.original.name })}
              </button>
            )}
            {c.row.original.article.booker.enableStock && (
              <button type="button" onClick={() => onStock(c.row.original.article)}>
                {t('studio.products.stock', { name: c.row.original.name })}
              </button>
            )}
          </span>
        ),
      }),
    ],
    [t, locale, onEdit, onStock],
  )
  const table = useReactTable({
    data: rows as ProductRow[],
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
