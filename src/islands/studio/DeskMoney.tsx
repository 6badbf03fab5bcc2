import { useQuery } from '@tanstack/react-query'
import { refundableOf } from '#domain/studio/desk-amount'
import { islandApi } from '#islands/shared/island-api'
import { RefundForm } from './RefundForm'
import { studioKeys } from './studio-queries'
import { useStudioText } from './studio-text'
import { TakePaymentForm } from './TakePaymentForm'
import { useEventOrder, useRefund, useTakePayment } from './use-desk-money'

/**
 * The money of a visit at the desk (docs/decisions/078-desk-payments.md), in the agenda's
 * details: "Take payment" while its bill says due at the shop, and for the owner "Refund" once
 * it is paid. The order is read by its number, so the forms see its bill as the server has it.
 */
export function DeskMoney({ ideorder }: { ideorder: string }) {
  const { t } = useStudioText()
  const order = useEventOrder(ideorder)
  const me = useQuery({ queryKey: studioKeys.me, queryFn: () => islandApi.cmpusers.me() })
  const payment = useTakePayment(ideorder)
  const refund = useRefund(ideorder)
  if (order.isPending) return <p>{t('studio.loading')}</p>
  if (order.isError || !order.data.bill) return null
  const { bill } = order.data
  const refundable = refundableOf({
    total: bill.total.amount,
    refunded: bill.refunded?.amount ?? 0,
    payment: bill.payment,
  })
  const owner = me.data?.studioRole === 'owner'
  return (
    <>
      {bill.payment === 'dueAtShop' && (
        <section className="studio-desk" aria-label={t('studio.desk.takeTitle')}>
          <h3>{t('studio.desk.takeTitle')}</h3>
          <TakePaymentForm
            orderId={order.data.id}
            due={bill.total.amount}
            label={t('studio.desk.takeTitle')}
            payment={payment}
          />
        </section>
      )}
      {payment.isSuccess && bill.payment !== 'dueAtShop' && (
        <p role="status">{t('studio.desk.recorded')}</p>
      )}
      {owner && refundable > 0 && (
        <section className="studio-desk" aria-label={t('studio.desk.refundTitle')}>
          <h3>{t('studio.desk.refundTitle')}</h3>
          <RefundForm
            key={refundable}
            ideorder={ideorder}
            customerId={order.data.customerId}
            refundable={refundable}
            refund={refund}
          />
        </section>
      )}
    </>
  )
}
