import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import { useId, useMemo } from 'react'
import type { Money, ShopPayment } from './list-types'
import { moneyText } from './report-rows'
import { useStudioText } from './studio-text'
import { TableView } from './TableView'

interface Line {
  readonly key: string
  readonly shop: string
  readonly provider: string
  readonly count: number
  readonly billed: Money
  readonly total: Money
}

const column = createColumnHelper<Line>()

/** One kind of sale's payments: a line per shop and provider, then the shop's total line. */
export function PaymentTable({
  title,
  shops,
  shopName,
}: {
  title: string
  shops: readonly ShopPayment[]
  shopName: (id: string) => string
}) {
  const { t, locale } = useStudioText()
  const id = useId()
  const total = t('studio.lists.allProviders')
  // the rows keep their identity across the table's own renders: new rows at each render would
  // reset its state, which renders again (TanStack Table's auto reset), without end
  const lines: Line[] = useMemo(
    () =>
      shops.flatMap((shop) => [
        ...shop.providers.map((p) => ({
          key: `${shop.shopId}/${p.provider}`,
          shop: shopName(shop.shopId),
          provider: p.provider,
          count: p.count,
          billed: p.billed,
          total: p.total,
        })),
        {
          key: `${shop.shopId}/`,
          shop: shopName(shop.shopId),
          provider: total,
          count: shop.count,
          billed: shop.billed,
          total: shop.total,
        },
      ]),
    [shops, shopName, total],
  )
  const table = useReactTable({
    data: lines,
    columns: [
      column.accessor('shop', { header: t('studio.reports.shop') }),
      column.accessor('provider', { header: t('studio.lists.provider') }),
      column.accessor('count', { header: t('studio.lists.orders') }),
      column.accessor((l) => moneyText(l.billed, locale), {
        id: 'billed',
        header: t('studio.lists.billed'),
      }),
      column.accessor((l) => moneyText(l.total, locale), {
        id: 'total',
        header: t('studio.lists.paid'),
      }),
    ],
    getCoreRowModel: getCoreRowModel(),
    getRowId: (l) => l.key,
  })
  return (
    <section aria-labelledby={id} className="studio-report-table">
      <h3 id={id}>{title}</h3>
      {lines.length === 0 ? (
        <p>{t('studio.lists.noPayments')}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must take the focus
        <div className="studio-table" tabIndex={0}>
          <TableView table={table} rowHeaders />
        </div>
      )}
    </section>
  )
}
