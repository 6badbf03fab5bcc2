import { useEffect, useState } from 'react'
import type { EshopOrder } from '../../contract/eshop'
import { detailHref, detailIdOf } from '../../domain/account/account-routes'
import { accountErrorKey } from '../../domain/account/errors'
import { instantDate } from '../../domain/account/order-dates'
import { formatMoney, type MoneySettingsLike } from '../../domain/money/format-money'
import type { Locale } from '../../i18n/locales'
import { islandApi } from '../shared/island-api'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { errorParts } from './Field'
import type { AccountLinks } from './links'
import { statusLabel } from './OrdersIsland'
import { Loading, SignedOut } from './SignedOut'
import { useCustomer } from './use-customer'

interface Props extends TranslatedProps {
  links: AccountLinks
  iso: string
  money: MoneySettingsLike
  shops: Record<string, string>
}

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'list'; orders: EshopOrder[] }
  | { status: 'detail'; order: EshopOrder | undefined }

const nameIn = (text: Partial<Record<Locale, string>>, locale: Locale) =>
  text[locale] ?? text.fr ?? Object.values(text)[0] ?? ''

/**
 * spec §2 /profile/eshoporders and /profile/eshoporders/:id: the customer's shop orders (GET
 * /api/eshop/my-orders, newest first) and one of them (GET /api/eshop/my-orders/:id), opened on
 * this same static page as `?id=<id>`.
 */
export default function EshopOrdersIsland({ links, iso, money, shops, ...props }: Props) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const [state] = useCustomer()
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' })
  const signedIn = state.status === 'ready'

  useEffect(() => {
    if (!signedIn) return
    const id = detailIdOf(location, 'eshoporders')
    const fail = (error: unknown) => {
      const parts = errorParts(error)
      if (id !== undefined && parts.code === 404) setLoaded({ status: 'detail', order: undefined })
      else setLoaded({ status: 'error', message: t.t(accountErrorKey(parts, 'orders')) })
    }
    if (id === undefined) {
      islandApi.eshop
        .myOrders()
        .then((orders) => setLoaded({ status: 'list', orders }))
        .catch(fail)
    } else {
      islandApi.eshop
        .myOrder({ params: { id } })
        .then((order) => setLoaded({ status: 'detail', order }))
        .catch(fail)
    }
  }, [signedIn, t])

  if (!mounted || state.status === 'loading') return <Loading t={t} />
  if (state.status === 'signed-out') return <SignedOut t={t} links={links} />
  if (loaded.status === 'loading') return <Loading t={t} />
  if (loaded.status === 'error') return <p role="alert">{loaded.message}</p>
  const price = (minor: number) => formatMoney(minor, iso, money)

  if (loaded.status === 'detail') {
    const { order } = loaded
    return (
      <div className="account-card">
        <p>
          <a href={links.eshopOrders}>← {t.t('eshopOrders.backToList')}</a>
        </p>
        {order ? (
          <article>
            <h2>{t.t('eshopOrders.detailTitle', { id: order.number })}</h2>
            <dl className="facts">
              <dt>{t.t('orders.date')}</dt>
              <dd>{instantDate(order.createdAt, iso)}</dd>
              <dt>{t.t('orders.shop')}</dt>
              <dd>{shops[order.shopId] ?? order.shopId}</dd>
              <dt>{t.t('orders.status')}</dt>
              <dd>{statusLabel(t, order.status)}</dd>
            </dl>
            <table className="account-table">
              <thead>
                <tr>
                  <th scope="col">{t.t('eshopOrders.product')}</th>
                  <th scope="col">{t.t('eshopOrders.quantity')}</th>
                  <th scope="col">{t.t('eshopOrders.unitPrice')}</th>
                  <th scope="col">{t.t('orders.total')}</th>
                </tr>
              </thead>
              <tbody>
                {order.lines.map((line) => (
                  <tr key={line.articleId}>
                    <td>{nameIn(line.name, t.locale)}</td>
                    <td>{line.quantity}</td>
                    <td>{price(line.unitPrice)}</td>
                    <td>{price(line.total.amount)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    {t.t('orders.total')}
                  </th>
                  <td>{price(order.total.amount)}</td>
                </tr>
              </tfoot>
            </table>
          </article>
        ) : (
          <p role="alert">{t.t('orders.notFound')}</p>
        )}
      </div>
    )
  }
  if (loaded.orders.length === 0) {
    return (
      <div className="account-card">
        <p>{t.t('eshopOrders.empty')}</p>
      </div>
    )
  }
  return (
    <ul className="account-orders">
      {loaded.orders.map((order) => (
        <li key={order.id} className="account-card account-order">
          <h2>
            <a href={detailHref(links.eshopOrders, order.id)}>
              {t.t('eshopOrders.detailTitle', { id: order.number })}
            </a>
          </h2>
          <dl className="facts">
            <dt>{t.t('orders.date')}</dt>
            <dd>{instantDate(order.createdAt, iso)}</dd>
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
