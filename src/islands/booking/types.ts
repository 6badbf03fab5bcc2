import type { VisitPolicy } from '#contract/visit-policy'
import type { ShopPriceTable } from '#domain/catalog/shop-prices'
import type { PaymentProvider } from '#domain/company/payment-enabled'
import type { MoneySettingsLike } from '#domain/money/format-money'
import type { Range } from '#domain/slots/ranges'
import type { AppTranslator } from '#i18n/messages'
import type { TranslatedProps } from '../shared/use-translator'
import type { ChosenSlot } from './slot-picker-state'

/** A shop offering the service (docs/product/5-rules.md: matched by slug), as the service page passes it. */
export interface OfferingShop {
  id: string
  slug: string
  name: string
  /** online booking open in this shop */
  active: boolean
  timeZone: string
  /** the shop's price of the service, minor units */
  price: number
  /** "city" line for the dialog */
  city: string
  /** localized link to the shop page (its "show more"), when the shop has a page */
  href?: string | undefined
}

export interface BookingIslandProps extends TranslatedProps {
  serviceId: string
  serviceName: string
  /** the name in each enabled language, kept on the cart line (src/domain/cart/line-name.ts) */
  serviceNames?: Readonly<Record<string, string>> | undefined
  /** minutes */
  duration: number
  image?: string | undefined
  artType: string
  shops: OfferingShop[]
  /** the /:shop variant fixes the shop */
  fixedShopId?: string | undefined
  cuttingHours: number
  /** '2' when the company books cabins (useCabinManagement) */
  mode: '1' | '2'
  /** equipment checks on (booker.appointment.equipments.type 'active') */
  equipment: boolean
  money: MoneySettingsLike
  /** localized /panier */
  cartHref: string
}

/** The slot picker's props (SlotPicker.tsx). */
export interface SlotPickerProps {
  t: AppTranslator
  shop: OfferingShop
  serviceId: string
  duration: number
  cuttingHours: number
  mode: '1' | '2'
  equipment: boolean
  /** time the customer already holds that day (other cart lines) */
  takenOn(date: string): Range[]
  selected: ChosenSlot | null
  onSelect(slot: ChosenSlot): void
  /** move the focus to the picker's heading once mounted (after the shop choice dialog) */
  focusOnMount?: boolean | undefined
}

/** The booking cart's props (BookingCartIsland.tsx), as /panier passes them. */
export interface BookingCartIslandProps extends TranslatedProps {
  money: MoneySettingsLike
  provider: PaymentProvider
  publicKey?: string | undefined
  /** docs/product/6-roles.md: service payment on (appointment.payment.active) */
  servicePayment: boolean
  /** docs/product/6-roles.md: the provider can take payments (stripe, payzen, paypal need the key) */
  paymentEnabled: boolean
  /** localized /auth/customer/login and /register, with ?redirect= back here */
  loginHref: string
  registerHref: string
  /** localized /payments/success and /payments/rdvcheck (absolute: the card redirect target) */
  successHref: string
  rdvcheckUrl: string
  servicesHref: string
  /** shop id -> "name, address" for the calendar file */
  locations: Record<string, string>
  /** service id -> shop id -> unitPrice (decision 011): lines show what their shop charges */
  servicePrices?: ShopPriceTable | undefined
  /** shop id -> its visit policy, shown before payment (docs/decisions/038-visit-policy.md) */
  policies?: Readonly<Record<string, VisitPolicy>> | undefined
}
