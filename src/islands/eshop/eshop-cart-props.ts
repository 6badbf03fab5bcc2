import type { ShopPriceTable } from '#domain/catalog/shop-prices'
import type { PaymentProvider } from '#domain/company/payment-enabled'
import type { MoneySettingsLike } from '#domain/money/format-money'
import type { TranslatedProps } from '../shared/use-translator'

/** What the page gives the /panier e-shop island (EshopCart.tsx). */
export interface ShopChoice {
  id: string
  name: string
}

export interface EshopCartProps extends TranslatedProps {
  money: MoneySettingsLike
  /** the shops an order can be collected at; a choice is asked when there are several */
  shops: ShopChoice[]
  /** product id -> shop id -> unit price (decision 011): the lines are priced at the chosen shop */
  prices?: ShopPriceTable | undefined
  provider: PaymentProvider
  publicKey?: string | undefined
  /** localized paths */
  cartPath: string
  loginPath: string
  ordersPath: string
  returnPath: string
  defaultImage?: string | undefined
}
