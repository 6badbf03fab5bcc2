import * as z from 'zod/mini'
import {
  id,
  instant,
  maybe,
  minorAmount,
  money,
  slug,
  sortOrder,
  translatedText,
  vatRate,
} from './common'
import { orderBill } from './order-bill'

/** Our status values: paid orders are prepared, then collected or shipped. */
export const eshopOrderStatus = z.enum([
  'pending',
  'paid',
  'ready',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
])

export const eshopOrderLine = z.object({
  articleId: id,
  /** back-office id of the product */
  abId: maybe(id),
  name: translatedText,
  quantity: z.int().check(z.positive()),
  /** incl. tax, minor units, as charged */
  unitPrice: minorAmount,
  vat: maybe(vatRate),
  total: money,
})

/** A shop order (profile/eshoporders). */
export const eshopOrder = z.object({
  id,
  /** the number shown to the customer */
  number: z.string().check(z.minLength(1)),
  customerId: id,
  shopId: id,
  status: eshopOrderStatus,
  lines: z.array(eshopOrderLine),
  /** what the order costs as written when ordered; the bill recomputes it from the lines */
  total: money,
  createdAt: instant,
  /**
   * the order line by line, with the shop's name and the payment status
   * (docs/product/5-rules.md#order-bills)
   */
  bill: maybe(orderBill),
})
export type EshopOrder = z.infer<typeof eshopOrder>

export const eshopCategory = z.object({
  id,
  slug,
  name: translatedText,
  order: sortOrder,
  /** its products (type '2'), with the slug that builds their URL */
  articles: z._default(z.array(z.object({ id, slug })), []),
})
export type EshopCategory = z.infer<typeof eshopCategory>

/** GET /api/eshop/stock/:id/:qty: units available (UNKNOWN_STOCK when not tracked, 0 if unknown). */
export const stock = z.object({ articleId: id, stock: z.int().check(z.nonnegative()) })

/** GET /api/eshop/stock/verify/:ids/:qty: per article, whether qty can be sold. */
export const stockVerification = z.array(
  z.object({ articleId: id, stock: z.int().check(z.nonnegative()), available: z.boolean() }),
)

/** POST/PUT /api/eshopcategories bodies (docs/decisions/088-studio-products-and-service-options.md). */
export const eshopCategoryBody = z.omit(eshopCategory, { id: true })

/**
 * Units of one product at one shop, as the studio sets them (decision 088). Below UNKNOWN_STOCK,
 * which means "not tracked" on the site's stock look-up.
 */
export const shopStock = z.object({
  shopId: id,
  quantity: z.int().check(z.nonnegative(), z.maximum(999_998)),
})
export type ShopStock = z.infer<typeof shopStock>
