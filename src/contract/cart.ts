import * as z from 'zod/mini'
import { articleType } from './article'
import { id, image, imageList, maybe, minorAmount, slug, translatedText, vatRate } from './common'
import { DEFAULT_ART_TYPE } from './constants'
import { lineQuantity } from './payment'

/**
 * docs/product/3-entities.md booking cart item: a copy of the article taken when it was added, kept in local
 * storage. Its prices are for display only: the server recomputes every amount it charges.
 */
export const bookingCartItem = z.object({
  id,
  name: translatedText,
  type: articleType,
  description: z._default(translatedText, {}),
  images: imageList,
  /** unit price incl. tax, minor units */
  prices: minorAmount,
  slug,
  vat: maybe(vatRate),
  /** how many; lines at zero or below are removed by the cart, never stored */
  nb: z.int().check(z.positive()),
  artType: z._default(z.string().check(z.minLength(1)), DEFAULT_ART_TYPE),
  shopId: id,
  artebeauteId: maybe(id),
})
export type BookingCartItem = z.infer<typeof bookingCartItem>

/** docs/product/4-states.md: one shop per booking cart; shopId is null once the cart is empty. */
export const bookingCart = z.object({
  shopId: z._default(z.nullable(id), null),
  items: z._default(z.array(bookingCartItem), []),
})
export type BookingCart = z.infer<typeof bookingCart>

/** docs/product/3-entities.md e-shop cart item, kept in a cookie: small on purpose. */
export const eshopCartItem = z.object({
  id,
  name: translatedText,
  /** back-office ids of the product and of the shop selling it */
  abId: id,
  abIdShop: id,
  /** unit price incl. tax, minor units */
  price: minorAmount,
  /**
   * 1..99 (docs/product/9-constants.md#money-bounds): the cart cannot ask for more than one order
   * line may hold
   */
  quantity: lineQuantity,
  image: maybe(image),
})
export type EshopCartItem = z.infer<typeof eshopCartItem>

/** docs/product/4-states.md: selecting no shop (null) empties the e-shop cart. */
export const eshopCart = z.object({
  shopId: z._default(z.nullable(id), null),
  items: z._default(z.array(eshopCartItem), []),
})
export type EshopCart = z.infer<typeof eshopCart>
