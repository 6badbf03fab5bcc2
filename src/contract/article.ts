import * as z from 'zod/mini'
import {
  flag,
  id,
  imageList,
  maybe,
  minorAmount,
  slug,
  sortOrder,
  translatedText,
  vatRate,
} from './common'

/** docs/product/3-entities.md: '1' and '4' are services (booked), '2' is a product (sold in the e-shop). */
export const articleType = z.enum(['1', '2', '4'])
export type ArticleType = z.infer<typeof articleType>
export const SERVICE_ARTICLE_TYPES = ['1', '4'] as const satisfies readonly ArticleType[]
export const SHOP_ARTICLE_TYPE = '2' satisfies ArticleType

export const articleBooker = z.prefault(
  z.object({
    /** offered only as an add-on of another service, never listed alone (docs/product/5-rules.md) */
    upsellOnly: flag(false),
    /** ids of the articles proposed as add-ons */
    upsells: z._default(z.array(id), []),
    /** a shop-specific price incl. tax, minor units */
    pricesByShops: z._default(z.array(z.object({ boutiqueId: id, pvTtc: minorAmount })), []),
    vat: maybe(vatRate),
    enableStock: flag(false),
    /** our addition for cabin mode: the service needs a cabin, and these equipments */
    cabinRequired: flag(false),
    equipments: z._default(z.array(id), []),
    /**
     * ours: the service is booked online (docs/decisions/092-week-prices-and-online-booking.md).
     * Off: still listed with its price, booked at the salon only; holds are refused
     * (`onlineBookingOff`). Absent reads as on, so existing data keeps booking.
     */
    onlineBooking: flag(true),
  }),
  {},
)

/**
 * An article as stored and written (POST/PUT bodies, the server's rows): `weekprices` is still
 * there. Reads go through `article` below.
 */
export const articleRecord = z.object({
  id,
  artebeauteId: maybe(id),
  name: translatedText,
  slug,
  type: articleType,
  /** price incl. tax, minor units (common.ts, money) */
  prices: minorAmount,
  /** the current week's price; when present it replaces prices on load */
  weekprices: maybe(minorAmount),
  vat: maybe(vatRate),
  draft: flag(false),
  order: sortOrder,
  images: imageList,
  description: z._default(translatedText, {}),
  /** minutes, services only */
  duration: maybe(z.int().check(z.positive())),
  booker: articleBooker,
  /** units in stock when booker.enableStock; otherwise see UNKNOWN_STOCK */
  stock: maybe(z.int()),
})
export type ArticleRecord = z.infer<typeof articleRecord>

/**
 * docs/product/3-entities.md "weekprices (swapped on load: price becomes weekprices when present)". This is the one
 * place the swap happens: every response carrying articles uses this schema, so no consumer
 * ever sees weekprices or has to remember the rule.
 */
export const article = z.pipe(
  articleRecord,
  z.transform(({ weekprices, ...rest }) =>
    weekprices === undefined ? rest : { ...rest, prices: weekprices },
  ),
)
export type Article = z.infer<typeof article>

export const articleBody = z.omit(articleRecord, { id: true })
