import { useState } from 'react'
import { CsvDownload } from './CsvDownload'
import { HistoryForm } from './HistoryForm'
import { HistoryTable } from './HistoryTable'
import { historyCsvRows } from './list-csv'
import type { HistoryOrder } from './list-types'
import { OrderBillPanel } from './OrderBillPanel'
import { Pager } from './Pager'
import { Loading, Retry } from './ReadState'
import { moneyText } from './report-rows'
import { useStudioText } from './studio-text'
import { HISTORY_PAGE_SIZE, useHistory } from './use-history'

interface ShopOption {
  readonly id: string
  readonly name: string
}

/**
 * The bookings history (docs/decisions/076-studio-reports.md): the spec's filters, a page at a
 * time, sorted by date; the totals of every page (the server's, from the bills); the CSV of the
 * filtered list; an order number opens that order's bill.
 */
export function HistoryScreen({ shops }: { shops: readonly ShopOption[] }) {
  const { t, tn, locale } = useStudioText()
  const history = useHistory(shops.map((shop) => shop.id))
  const [open, setOpen] = useState<HistoryOrder | null>(null)
  const shopName = (id: string) => shops.find((shop) => shop.id === id)?.name ?? id
  const { result, totals, asked } = history
  const csv = async () => [
    [
      t('studio.lists.order'),
      t('studio.lists.orderedOn'),
      t('studio.lists.visitOn'),
      t('studio.reports.shop'),
      t('studio.lists.bookerStatus'),
      t('studio.lists.bookerOrigin'),
      t('studio.lists.transactionId'),
      t('studio.lists.billed'),
      t('studio.lists.paid'),
    ],
    ...historyCsvRows(await history.everyOrder(), shopName, (o) => t(`orderStatus.${o.status}`)),
  ]
  return (
    <>
      <h2>{t('studio.lists.historyHeading')}</h2>
      <HistoryForm
        asked={asked.filters}
        shops={shops}
        onFilter={(filters) => {
          setOpen(null)
          history.filter(filters)
        }}
      />
      {(result.isError || totals.isError) && (
        <Retry
          message={t('studio.lists.loadError')}
          onRetry={() => void Promise.all([result.refetch(), totals.refetch()])}
        />
      )}
      {result.isPending && shops.length > 0 && <Loading message={t('studio.loading')} />}
      {totals.data && (
        <dl className="studio-report-totals" aria-live="polite" data-history-totals="">
          <div>
            <dt>{t('studio.lists.orders')}</dt>
            <dd>{totals.data.count}</dd>
          </div>
          <div>
            <dt>{t('studio.lists.billed')}</dt>
            <dd data-amount={totals.data.billed.amount}>{moneyText(totals.data.billed, locale)}</dd>
          </div>
          <div>
            <dt>{t('studio.lists.paid')}</dt>
            <dd data-amount={totals.data.paid.amount}>{moneyText(totals.data.paid, locale)}</dd>
          </div>
        </dl>
      )}
      {result.data && (
        <>
          <p role="status" className="studio-count">
            {result.data.total === 0
              ? t('studio.lists.empty')
              : tn('studio.lists.count', result.data.total)}
          </p>
          {result.data.total > 0 && <CsvDownload file="bookings-history.csv" rows={csv} />}
          {result.data.items.length > 0 && (
            <HistoryTable
              rows={result.data.items}
              sort={asked.sort}
              onSort={history.sortBy}
              shopName={shopName}
              onOpen={setOpen}
            />
          )}
          <Pager
            page={asked.page}
            total={result.data.total}
            size={HISTORY_PAGE_SIZE}
            onPage={history.toPage}
          />
        </>
      )}
      {open?.bill && (
        <OrderBillPanel ideorder={open.ideorder} bill={open.bill} onClose={() => setOpen(null)} />
      )}
    </>
  )
}
