import { instantDate } from '#domain/account/order-dates'
import type { AppTranslator, MessageKey } from '#i18n/messages'

/** What booking and shop orders both have. */
interface OrderLike {
  createdAt: string
  shopId: string
  status: string
  total: { amount: number }
}

interface OrderFactsProps {
  t: AppTranslator
  order: OrderLike
  iso: string
  price(minor: number): string
  shops: Record<string, string>
  /** the facts shown besides the date and the status (they keep this order) */
  show: { shop: boolean; total: boolean }
}

/** An order's status in words, or 'unknown' for a status without a message. */
export function statusLabel(t: AppTranslator, status: string): string {
  // a status the catalog does not know comes back as its key (the translator's gap marker)
  const key = `orderStatus.${status}` as MessageKey
  const text = t.t(key)
  return text === key ? t.t('orderStatus.unknown') : text
}

/** The facts (dt, dd) of an order in an account list or detail: date, shop, status, total. */
export function OrderFacts({ t, order, iso, price, shops, show }: OrderFactsProps) {
  return (
    <>
      <dt>{t.t('orders.date')}</dt>
      <dd>{instantDate(order.createdAt, iso)}</dd>
      {show.shop && (
        <>
          <dt>{t.t('orders.shop')}</dt>
          <dd>{shops[order.shopId] ?? order.shopId}</dd>
        </>
      )}
      <dt>{t.t('orders.status')}</dt>
      <dd>{statusLabel(t, order.status)}</dd>
      {show.total && (
        <>
          <dt>{t.t('orders.total')}</dt>
          <dd>{price(order.total.amount)}</dd>
        </>
      )}
    </>
  )
}
