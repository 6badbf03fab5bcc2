import { useEffect, useState } from 'react'
import type { BookingOrder } from '../../contract/booking-order'
import { detailHref, detailIdOf } from '../../domain/account/account-routes'
import { accountErrorKey } from '../../domain/account/errors'
import { instantDate, wallClockDateTime } from '../../domain/account/order-dates'
import { formatMoney, type MoneySettingsLike } from '../../domain/money/format-money'
import type { Translator } from '../../i18n/translator'
import { islandApi } from '../shared/island-api'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { errorParts } from './Field'
import type { AccountLinks } from './links'
import { Loading, SignedOut } from './SignedOut'
import { useCustomer } from './use-customer'

interface Props extends TranslatedProps {
  links: AccountLinks
  iso: string
  money: MoneySettingsLike
  /** names of the company's services and shops by id, from the build's snapshot */
  services: Record<string, string>
  shops: Record<string, string>
}

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; orders: BookingOrder[] }

/**
 * spec §2 /profile/orders and /profile/orders/:id: the customer's booking orders (GET
 * /api/customers/history with the account's back-office id, newest first) and one of them,
 * opened on this same static page as `?id=<id>` (domain/account/account-routes).
 */
export default function OrdersIsland({ links, iso, money, services, shops, ...props }: Props) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const [state] = useCustomer()
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' })
  const customer = state.status === 'ready' ? state.customer : undefined

  useEffect(() => {
    if (!customer) return
    const artebeauteId = customer.links[0]?.artebeauteId ?? customer.id
    islandApi.customers
      .history({ query: { artebeauteId } })
      .then((orders) => setLoaded({ status: 'ready', orders }))
      .catch((error: unknown) =>
        setLoaded({ status: 'error', message: t.t(accountErrorKey(errorParts(error), 'orders')) }),
      )
  }, [customer, t])

  if (!mounted || state.status === 'loading') return <Loading t={t} />
  if (state.status === 'signed-out') return <SignedOut t={t} links={links} />
  if (loaded.status === 'loading') return <Loading t={t} />
  if (loaded.status === 'error') return <p role="alert">{loaded.message}</p>

  const price = (minor: number) => formatMoney(minor, iso, money)
  const id = detailIdOf(location, 'orders')
  if (id !== undefined) {
    const order = loaded.orders.find((o) => o.id === id || o.ideorder === id)
    return (
      <div className="account-card">
        <p>
          <a href={links.orders}>← {t.t('orders.backToList')}</a>
        </p>
        {order ? (
          <OrderDetail
            t={t}
            order={order}
            iso={iso}
            price={price}
            services={services}
            shops={shops}
          />
        ) : (
          <p role="alert">{t.t('orders.notFound')}</p>
        )}
      </div>
    )
  }
  if (loaded.orders.length === 0) {
    return (
      <div className="account-card">
        <p>{t.t('orders.empty')}</p>
      </div>
    )
  }
  return (
    <ul className="account-orders">
      {loaded.orders.map((order) => (
        <li key={order.id} className="account-card account-order">
          <h2>
            <a href={detailHref(links.orders, order.id)}>
              {t.t('orders.detailTitle', { id: order.ideorder })}
            </a>
          </h2>
          <dl className="facts">
            <dt>{t.t('orders.date')}</dt>
            <dd>{instantDate(order.createdAt, iso)}</dd>
            <dt>{t.t('orders.shop')}</dt>
            <dd>{shops[order.shopId] ?? order.shopId}</dd>
            <dt>{t.t('orders.status')}</dt>
            <dd>{statusLabel(t, order.status)}</dd>
            <dt>{t.t('orders.total')}</dt>
            <dd>{price(order.total.amount)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  )
}

export function statusLabel(t: Translator, status: string): string {
  const key = `orderStatus.${status}`
  const text = t.t(key)
  return text === key ? t.t('orderStatus.unknown') : text
}

interface DetailProps {
  t: Translator
  order: BookingOrder
  iso: string
  price(minor: number): string
  services: Record<string, string>
  shops: Record<string, string>
}

function OrderDetail({ t, order, iso, price, services, shops }: DetailProps) {
  return (
    <article>
      <h2>{t.t('orders.detailTitle', { id: order.ideorder })}</h2>
      <dl className="facts">
        <dt>{t.t('orders.date')}</dt>
        <dd>{instantDate(order.createdAt, iso)}</dd>
        <dt>{t.t('orders.shop')}</dt>
        <dd>{shops[order.shopId] ?? order.shopId}</dd>
        <dt>{t.t('orders.status')}</dt>
        <dd>{statusLabel(t, order.status)}</dd>
        <dt>{t.t('orders.total')}</dt>
        <dd>{price(order.total.amount)}</dd>
        <dt>{t.t('orders.paid')}</dt>
        <dd>{price(order.paid.amount)}</dd>
      </dl>
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
    </article>
  )
}
