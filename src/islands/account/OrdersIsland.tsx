import type { ComponentProps } from 'react'
import type { BookingOrder } from '#contract/booking-order'
import type { Customer } from '#contract/customer'
import { instantDate, wallClockDateTime } from '#domain/account/order-dates'
import { formatMoney, type MoneySettingsLike } from '#domain/money/format-money'
import { ConsentLink } from '../consent/ConsentLink'
import { ManageVisit } from '../manage/ManageVisit'
import { islandApi } from '../shared/island-api'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { GiftVouchers } from './GiftVouchers'
import type { AccountLinks } from './links'
import { billLineName, OrderBill } from './OrderBill'
import { OrderFacts, statusLabel } from './OrderFacts'
import { OrdersShell, type OrdersView } from './OrdersShell'

interface Props extends TranslatedProps {
  links: AccountLinks
  iso: string
  money: MoneySettingsLike
  /** names of the company's services and shops by id, from the build's snapshot */
  services: Record<string, string>
  shops: Record<string, string>
}

const ALL_FACTS = { shop: true, total: true }
/**
 * the detail's total is the bill's, recomputed from its lines (docs/product/5-rules.md#order-bills)
 */
const DETAIL_FACTS = { shop: true, total: false }

/** The customer's booking orders (one call for all); an order is found in them by id or number. */
async function loadBookingOrders(
  id: string | undefined,
  customer: Customer,
): Promise<OrdersView<BookingOrder>> {
  const artebeauteId = customer.links[0]?.artebeauteId ?? customer.id
  const orders = await islandApi.customers.history({ query: { artebeauteId } })
  if (id === undefined) return { kind: 'list', orders }
  return { kind: 'detail', order: orders.find((o) => o.id === id || o.ideorder === id) }
}

/**
 * docs/product/2-screens.md /profile/orders and /profile/orders/:id: the customer's booking orders (GET
 * /api/customers/history with the account's back-office id, newest first) and one of them,
 * opened on this same static page as `?id=<id>` (domain/account/account-routes).
 */
export default function OrdersIsland({ links, iso, money, services, shops, ...props }: Props) {
  const t = useTranslator(props)
  const price = (minor: number) => formatMoney(minor, iso, money)
  const facts = { t, iso, price, shops, show: ALL_FACTS }
  return (
    <OrdersShell
      t={t}
      links={links}
      page="orders"
      load={loadBookingOrders}
      backToList={t.t('orders.backToList')}
      empty={t.t('orders.empty')}
      title={(order) => t.t('orders.detailTitle', { id: order.ideorder })}
      summary={(order) => <OrderFacts {...facts} order={order} />}
      detail={(order) => <OrderDetail {...facts} order={order} services={services} money={money} />}
      after={<GiftVouchers t={t} price={price} />}
    />
  )
}

interface DetailProps extends ComponentProps<typeof OrderFacts> {
  order: BookingOrder
  services: Record<string, string>
  money: MoneySettingsLike
}

function OrderDetail(props: DetailProps) {
  const { t, order, iso, price, services, shops, money } = props
  const { bill } = order
  // the shop's public name as the server gives it (not the back office's "Boutique 1")
  const named = bill?.shopName ? { ...shops, [order.shopId]: bill.shopName } : shops
  return (
    <>
      <dl className="facts">
        <OrderFacts {...props} shops={named} show={bill ? DETAIL_FACTS : ALL_FACTS} />
        <dt>{t.t('orders.paid')}</dt>
        <dd data-order-paid="" data-amount={order.paid.amount}>
          {price(order.paid.amount)}
        </dd>
      </dl>
      {bill && (
        <OrderBill
          t={t}
          bill={bill}
          price={price}
          lineName={(line) =>
            services[line.articleId] ??
            (billLineName(line, t.locale) || t.t('orders.unknownService', { id: line.articleId }))
          }
        />
      )}
      <h3>{t.t('orders.appointments')}</h3>
      <table className="account-table">
        <thead>
          <tr>
            <th scope="col">{t.t('orders.service')}</th>
            <th scope="col">{t.t('orders.when')}</th>
            <th scope="col">{t.t('orders.total')}</th>
          </tr>
        </thead>
        <tbody>
          {order.appointments.map((appointment) => (
            <tr key={appointment.id}>
              <td>
                {services[appointment.serviceId] ??
                  t.t('orders.unknownService', { id: appointment.serviceId })}
              </td>
              <td>{wallClockDateTime(appointment.start, iso)}</td>
              <td>{price(appointment.price.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {(order.status === 'confirmed' || order.status === 'partiallyRefunded') && (
        <ManageVisit t={t} target={{ orderId: order.id }} iso={iso} price={price} money={money} />
      )}
      {order.status === 'confirmed' && <ConsentLink orderId={order.id} t={t} />}
      {order.statusHistory.length > 0 && (
        <>
          <h3>{t.t('orders.history')}</h3>
          <ul>
            {order.statusHistory.map((change) => (
              <li key={`${change.status}-${change.at}`}>
                {instantDate(change.at, iso)} – {statusLabel(t, change.status)}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  )
}
