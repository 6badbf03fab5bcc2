import {
  createColumnHelper,
  getCoreRowModel,
  type SortingState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table'
import type { HistoryOrder } from './list-types'
import { moneyText } from './report-rows'
import { useStudioText } from './studio-text'
import { TableView } from './TableView'
import type { HistorySort } from './use-history'

const column = createColumnHelper<HistoryOrder>()

/**
 * One page of the history in TanStack Table: the server filters, pages and sorts (manual
 * sorting: a date header asks the server for the other order); the order number opens its bill.
 */
export function HistoryTable({
  rows,
  sort,
  onSort,
  shopName,
  onOpen,
}: {
  rows: readonly HistoryOrder[]
  sort: HistorySort
  onSort: (sort: HistorySort) => void
  shopName: (id: string) => string
  onOpen: (order: HistoryOrder) => void
}) {
  const { t, locale } = useStudioText()
  const sorting: SortingState = [{ id: sort.by, desc: sort.desc }]
  const sortHeader = (id: HistorySort['by'], label: string) => () => {
    const on = sort.by === id
    return (
      <button
        type="button"
        className="studio-sort"
        aria-label={`${label}, ${t(on && !sort.desc ? 'studio.lists.sortedUp' : on ? 'studio.lists.sortedDown' : 'studio.lists.sortable')}`}
        onClick={() => onSort({ by: id, desc: on ? !sort.desc : true })}
      >
        {label} {on ? (sort.desc ? '↓' : '↑') : ''}
      </button>
    )
  }
  const table = useReactTable({
    data: rows as HistoryOrder[],
    columns: [
      column.accessor('ideorder', {
        header: t('studio.lists.order'),
        cell: (info) => (
          <button type="button" className="studio-link" onClick={() => onOpen(info.row.original)}>
            {info.getValue()}
          </button>
        ),
      }),
      column.accessor((o) => o.createdAt.slice(0, 10), {
        id: 'createdAt',
        header: sortHeader('createdAt', t('studio.lists.orderedOn')),
      }),
      column.accessor((o) => o.appointments[0]?.start.replace('T', ' ') ?? '', {
        id: 'start',
        header: sortHeader('start', t('studio.lists.visitOn')),
      }),
      column.accessor((o) => shopName(o.shopId), { id: 'shop', header: t('studio.reports.shop') }),
      column.accessor((o) => t(`orderStatus.${o.status}`), {
        id: 'status',
        header: t('studio.lists.bookerStatus'),
      }),
      column.accessor((o) => o.bookerOrigin ?? '', {
        id: 'origin',
        header: t('studio.lists.bookerOrigin'),
      }),
      column.accessor((o) => moneyText(o.bill?.total ?? o.total, locale), {
        id: 'billed',
        header: t('studio.lists.billed'),
      }),
      column.accessor((o) => moneyText(o.paid, locale), {
        id: 'paid',
        header: t('studio.lists.paid'),
      }),
    ],
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    state: { sorting },
    onSortingChange: (next: Updater<SortingState>) => {
      const [first] = typeof next === 'function' ? next(sorting) : next
      if (first && (first.id === 'createdAt' || first.id === 'start')) {
        onSort({ by: first.id, desc: first.desc })
      }
    },
    getRowId: (o) => o.id,
  })
  const label = t('studio.lists.historyTable')
  return (
    <>
      {/* a scrolled table is reached by the keyboard too (WCAG 2.1.1) */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must take the focus */}
      <section className="studio-table" tabIndex={0} aria-label={label}>
        <TableView table={table} />
      </section>
    </>
  )
}
