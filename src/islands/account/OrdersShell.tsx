import { type ReactNode, useEffect, useState } from 'react'
import type { Customer } from '#contract/customer'
import { type DetailPage, detailHref, detailIdOf } from '#domain/account/account-routes'
import { errorMessage } from '#i18n/error-messages'
import type { AppTranslator } from '#i18n/messages'
import { useMounted } from '../shared/use-mounted'
import type { AccountLinks } from './links'
import { Loading, SignedOut } from './SignedOut'
import { useCustomer } from './use-customer'

/** What an orders page shows: the list, or the order opened as `?id=` (undefined: not found). */
export type OrdersView<O> = { kind: 'list'; orders: O[] } | { kind: 'detail'; order: O | undefined }

type Loaded<O> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; view: OrdersView<O> }

interface OrdersShellProps<O extends { id: string }> {
  t: AppTranslator
  links: AccountLinks
  page: DetailPage
  /** the list, or the order of `id` when the page opens one; a stable (module) function */
  load(id: string | undefined, customer: Customer): Promise<OrdersView<O>>
  backToList: string
  empty: string
  /** an order's title: the link in the list, the heading of its detail */
  title(order: O): string
  /** the facts (dt, dd) the list shows for an order */
  summary(order: O): ReactNode
  /** what the detail shows under its heading */
  detail(order: O): ReactNode
  /** shown under the list, signed in (the booking orders page lists the vouchers bought) */
  after?: ReactNode
}

/**
 * An account orders page (docs/product/2-screens.md): signed in, the list of the customer's orders, each a link to
 * its detail on this same static page (domain/account/account-routes), or that detail; what is
 * listed and shown of an order is the caller's.
 */
export function OrdersShell<O extends { id: string }>(props: OrdersShellProps<O>) {
  const { t, links, page, load, backToList, empty, title, summary, detail, after } = props
  const mounted = useMounted()
  const [state] = useCustomer()
  const [loaded, setLoaded] = useState<Loaded<O>>({ status: 'loading' })
  const customer = state.status === 'ready' ? state.customer : undefined
  const listHref = page === 'orders' ? links.orders : links.eshopOrders

  useEffect(() => {
    if (!customer) return
    load(detailIdOf(location, page), customer)
      .then((view) => setLoaded({ status: 'ready', view }))
      .catch((error: unknown) =>
        setLoaded({ status: 'error', message: errorMessage(error, t, 'orders') }),
      )
  }, [customer, load, page, t])

  if (!mounted || state.status === 'loading') return <Loading t={t} />
  if (state.status === 'signed-out') return <SignedOut t={t} links={links} />
  if (loaded.status === 'loading') return <Loading t={t} />
  if (loaded.status === 'error') return <p role="alert">{loaded.message}</p>

  const { view } = loaded
  if (view.kind === 'detail') {
    const { order } = view
    return (
      <div className="account-card">
        <p>
          <a href={listHref}>← {backToList}</a>
        </p>
        {order ? (
          <article>
            <h2>{title(order)}</h2>
            {detail(order)}
          </article>
        ) : (
          <p role="alert">{t.t('orders.notFound')}</p>
        )}
      </div>
    )
  }
  if (view.orders.length === 0) {
    return (
      <>
        <div className="account-card">
          <p>{empty}</p>
        </div>
        {after}
      </>
    )
  }
  return (
    <>
      <ul className="account-orders">
        {view.orders.map((order) => (
          <li key={order.id} className="account-card account-order">
            <h2>
              <a href={detailHref(listHref, order.id)}>{title(order)}</a>
            </h2>
            <dl className="facts">{summary(order)}</dl>
          </li>
        ))}
      </ul>
      {after}
    </>
  )
}
