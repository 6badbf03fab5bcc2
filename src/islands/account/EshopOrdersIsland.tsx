import type { EshopOrder } from '#contract/eshop'
import { formatMoney, type MoneySettingsLike } from '#domain/money/format-money'
import { errorFacts } from '#i18n/error-messages'
import type { Locale } from '#i18n/locales'
import { islandApi } from '../shared/island-api'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import type { AccountLinks } from './links'
import { OrderBill } from './OrderBill'
import { OrderFacts } from './OrderFacts'
import { OrdersShell, type OrdersView } from './OrdersShell'

interface Props extends TranslatedProps {
  links: AccountLinks
  iso: string
  money: MoneySettingsLike
  shops: Record<string, string>
}

/** the list tells an order's total, the detail its shop (its lines end with the total) */
const LIST_FACTS = { shop: false, total: true }
const DETAIL_FACTS = { shop: true, total: false }

const nameIn = (text: Partial<Record<Locale, string>>, locale: Locale) =>
  text[locale] ?? text.fr ?? Object.values(text)[0] ?? ''

/** The customer's shop orders, or the one of `id` (a 404 is an order not found). */
async function loadShopOrders(id: string | undefined): Promise<OrdersView<EshopOrder>> {
  if (id === undefined) return { kind: 'list', orders: await islandApi.eshop.myOrders() }
  try {
    return { kind: 'detail', order: await islandApi.eshop.myOrder({ params: { id } }) }
  } catch (error) {
    if (errorFacts(error).code === 404) return { kind: 'detail', order: undefined }
    throw error
  }
}

/**
 * docs/product/2-screens.md /profile/eshoporders and /profile/eshoporders/:id: the customer's shop orders (GET
 * /api/eshop/my-orders, newest first) and one of them (GET /api/eshop/my-orders/:id), opened on
 * this same static page as `?id=<id>`.
 */
export default function EshopOrdersIsland({ links, iso, money, shops, ...props }: Props) {
  const t = useTranslator(props)
  const price = (minor: number) => formatMoney(minor, iso, money)
  const facts = { t, iso, price, shops }
  return (
    <OrdersShell
      t={t}
      links={links}
      page="eshoporders"
      load={loadShopOrders}
      backToList={t.t('eshopOrders.backToList')}
      empty={t.t('eshopOrders.empty')}
      title={(order) => t.t('eshopOrders.detailTitle', { id: order.number })}
      summary={(order) => <OrderFacts {...facts} order={order} show={LIST_FACTS} />}
      detail={(order) => (
        <>
          <dl className="facts">
            <OrderFacts
              {...facts}
              // the shop's public name as the server gives it (docs/product/5-rules.md#order-bills)
              shops={
                order.bill?.shopName ? { ...shops, [order.shopId]: order.bill.shopName } : shops
              }
              order={order}
              show={DETAIL_FACTS}
            />
          </dl>
          {order.bill && (
            <OrderBill
              t={t}
              bill={order.bill}
              price={price}
              lineName={(line) => nameIn(line.name, t.locale)}
            />
          )}
        </>
      )}
    />
  )
}
