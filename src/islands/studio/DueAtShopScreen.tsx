import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import { useId, useMemo, useState } from 'react'
import type { DueAtShopItem } from '#contract/payment'
import { formatMoney } from '#domain/money/format-money'
import { Loading, Retry } from './ReadState'
import { useStudioText } from './studio-text'
import { TableView } from './TableView'
import { TakePaymentForm } from './TakePaymentForm'
import { useDueAtShop, useTakePayment } from './use-desk-money'

const column = createColumnHelper<DueAtShopItem>()

/**
 * "Orders due at the shop" (docs/decisions/078-desk-payments.md): the e-shop orders and gift
 * vouchers of the user's shops confirmed "pay at the shop" and not paid yet, newest first;
 * "Take payment" on a line opens the same form as the agenda's under the table, and a recorded
 * line leaves the list at once (back if the server refuses).
 */
export function DueAtShopScreen() {
  const { t, locale } = useStudioText()
  const heading = useId()
  const due = useDueAtShop()
  const payment = useTakePayment()
  const [chosen, setChosen] = useState<DueAtShopItem | undefined>()
  const columns = useMemo(
    () => [
      column.accessor('number', { header: () => t('studio.desk.columns.number') }),
      column.accessor('kind', {
        header: () => t('studio.desk.columns.kind'),
        cell: (c) => t(`studio.desk.kinds.${c.getValue()}`),
      }),
      column.accessor('customerName', { header: () => t('studio.desk.columns.customer') }),
      column.accessor('due', {
        header: () => t('studio.desk.columns.due'),
        cell: (c) =>
          formatMoney(c.getValue().amount, locale, { mCurrency: { code: c.getValue().currency } }),
      }),
      column.accessor('createdAt', {
        header: () => t('studio.desk.columns.date'),
        cell: (c) => new Date(c.getValue()).toLocaleDateString(locale),
      }),
      column.display({
        id: 'action',
        header: () => t('studio.desk.columns.action'),
        cell: (c) => (
          <button
            type="button"
            onClick={() => {
              payment.reset()
              setChosen(c.row.original)
            }}
          >
            {t('studio.desk.payFor', { number: c.row.original.number })}
          </button>
        ),
      }),
    ],
    [t, locale, payment.reset],
  )
  const table = useReactTable({
    data: due.data ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.orderId,
  })
  return (
    <section aria-labelledby={heading} className="studio-due">
      <h1 id={heading}>{t('studio.desk.dueTitle')}</h1>
      <p>{t('studio.desk.dueIntro')}</p>
      {due.isPending && <Loading message={t('studio.loading')} />}
      {due.isError && <Retry message={t('studio.loadError')} onRetry={() => void due.refetch()} />}
      {due.data && due.data.length === 0 && <p role="status">{t('studio.desk.dueEmpty')}</p>}
      {due.data && due.data.length > 0 && (
        <div className="studio-table">
          <TableView table={table} />
        </div>
      )}
      {chosen && (
        <TakePaymentForm
          key={chosen.orderId}
          orderId={chosen.orderId}
          due={chosen.due.amount}
          label={t('studio.desk.payFor', { number: chosen.number })}
          payment={payment}
        />
      )}
    </section>
  )
}
