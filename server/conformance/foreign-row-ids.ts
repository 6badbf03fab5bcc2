import type { ForeignDays } from './foreign-days.ts'

/** The ids (and slugs) of company B's rows that seedForeignRows (foreign-rows.ts) creates. */
export interface ForeignRows extends ForeignDays {
  readonly shop: string
  readonly shopSlug: string
  readonly service: string
  readonly serviceSlug: string
  readonly product: string
  readonly category: string
  readonly categorySlug: string
  /** an e-shop category (docs/decisions/088-studio-products-and-service-options.md) */
  readonly eshopCategory: string
  readonly geogroupment: string
  readonly resource: string
  readonly resourceSlug: string
  readonly alert: string
  readonly event: string
  /** a coupon of B's (docs/decisions/090-studio-marketing.md) */
  readonly coupon: string
  readonly postCategory: string
  readonly post: string
  readonly postSlug: string
  readonly bookingOrder: string
  readonly ideorder: string
  readonly cart: string
  /** a booking cart still holding its slot (docs/decisions/073-one-cart.md): GET answers it */
  readonly liveCart: string
  readonly appointment: string
  readonly eshopOrder: string
  readonly gift: string
  readonly giftCode: string
  readonly loyaltyCard: string
  readonly customerResetToken: string
  readonly providerResetToken: string
  /** a consent form of the service (docs/decisions/080-consent-record.md) */
  readonly consentForm: string
  /** a picture of B's library (docs/decisions/081-media-storage.md): its row only */
  readonly media: string
  /** customer files (docs/decisions/079-customer-files-and-erasure.md) */
  readonly pigment: string
  readonly needle: string
  readonly dossier: string
  readonly prestation: string
  readonly collectionSchema: string
  readonly collectionItem: string
  /** the type its schema names (the items' list by type) */
  readonly collectionType: string
}
