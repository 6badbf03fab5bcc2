import type { MoneySettingsLike } from '#domain/money/format-money'
import type { Namespace } from '#i18n/index'
import type { ShopChoice } from '#islands/eshop/EshopCart'
import { eshopShops as sellingShops } from '#site/catalog'
import type { PageContext } from '#site/page-context'

/** What the gift form translates on the server (its own namespaces and the payment step's); the
 * cart islands read the page's catalog instead (decision 010). */
export const shopMessages: readonly Namespace[] = [
  'cart',
  'eshop',
  'gift',
  'payment',
  'appointment',
  'common',
]

/** The company's money display settings, the only part of the booker the islands need. */
export function shopMoney(ctx: PageContext): MoneySettingsLike {
  const { booker } = ctx.site.company
  return { mCurrency: booker.mCurrency ?? null, mCurrencyFormat: booker.mCurrencyFormat ?? null }
}

/** The shops of the site as the islands' choices (id and name in the page's language). */
export function eshopShops(ctx: PageContext): ShopChoice[] {
  return sellingShops(ctx.site).map((shop) => ({
    id: String(shop.id),
    name: shop.publicInfo.name,
  }))
}
