import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { refundableOf } from '#domain/studio/desk-amount'
import { islandApi } from '#islands/shared/island-api'
import { OrderBillPanel } from './OrderBillPanel'
import { Loading, Retry } from './ReadState'
import { RefundAmountForm } from './RefundAmountForm'
import { moneyText } from './report-rows'
import { studioKeys } from './studio-queries'
import { useStudioText } from './studio-text'
import { usePaymentRefund } from './use-desk-money'

/**
 * The customer's e-shop orders in their file (docs/decisions/078-desk-payments.md): each with
 * its payment state and its bill, and for the owner a refund of what was paid and not given
 * back yet; the bill shows what went back once the server answers.
 */
export function CustomerShopOrders({
  artebeauteId,
  owner,
}: {
  artebeauteId: string
  owner: boolean
}) {
  const { t, locale } = useStudioText()
  const key = studioKeys.customerShopOrders(artebeauteId)
  const orders = useQuery({
    queryKey: key,
    queryFn: () => islandApi.customers.eshopOrders({ query: { artebeauteId } }),
  })
  const refund = usePaymentRefund(key)
  const [open, setOpen] = useState<string | undefined>()
  const chosen = orders.data?.find((o) => o.id === open)
  const refundable = chosen?.bill
    ? refundableOf({
        total: chosen.bill.total.amount,
        refunded: chosen.bill.refunded?.amount ?? 0,
        payment: chosen.bill.payment,
      })
    : 0
  return (
    <section aria-labelledby="studio-shop-orders">
      <h2 id="studio-shop-orders">{t('studio.file.shopOrders')}</h2>
      {orders.isError && (
        <Retry message={t('studio.file.loadError')} onRetry={() => void orders.refetch()} />
      )}
      {orders.isPending && <Loading message={t('studio.loading')} />}
      {orders.data?.length === 0 && <p>{t('studio.file.none')}</p>}
      {orders.data && orders.data.length > 0 && (
        <ul>
          {orders.data.map((o) => (
            <li key={o.id}>
              {t('studio.file.shopOrder', {
                number: o.number,
                day: o.createdAt.slice(0, 10),
                total: moneyText(o.total, locale),
              })}
              {o.bill && <> · {t(`orderDetail.paymentStatus.${o.bill.payment}`)}</>}{' '}
              <button
                type="button"
                aria-expanded={open === o.id}
                onClick={() => {
                  refund.reset()
                  setOpen(open === o.id ? undefined : o.id)
                }}
              >
                {t('studio.lists.bill', { ideorder: o.number })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen?.bill && (
        <OrderBillPanel
          ideorder={chosen.number}
          bill={chosen.bill}
          onClose={() => setOpen(undefined)}
        />
      )}
      {chosen && owner && refundable > 0 && (
        <RefundAmountForm
          key={`${chosen.id}-${refundable}`}
          label={t('studio.desk.refundFor', { number: chosen.number })}
          refundable={refundable}
          call={refund}
          onRefund={(amount) => refund.mutate({ orderId: chosen.id, amount })}
        />
      )}
    </section>
  )
}
