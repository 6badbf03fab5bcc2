import * as z from 'zod/mini'
import { PAYMENT_STATES } from '#domain/orders/payment-state'
import { id, maybe, money, translatedText, vatRate } from './common'

/** One line of an order as charged: unit price × quantity, and the VAT inside it. */
export const billLine = z.object({
  articleId: id,
  name: z._default(translatedText, {}),
  quantity: z.int().check(z.positive()),
  unitPrice: money,
  total: money,
  vatRate: maybe(vatRate),
  vat: money,
})

/**
 * What an order costs, line by line (docs/product/5-rules.md#order-bills), as the server's order
 * views give it: the lines, the coupon, the gift vouchers that paid part of it (codes masked), the
 * VAT included, the total recomputed from the lines (src/domain/orders/order-total.ts: lines −
 * coupon − vouchers, what the payment charged or what is due at the shop) and the payment status.
 * `shopName` is the shop's public name (its publicInfo.name).
 */
export const orderBill = z.object({
  shopName: maybe(z.string()),
  lines: z.array(billLine),
  subtotal: money,
  coupon: maybe(z.object({ code: z.string(), amount: money })),
  vouchers: z._default(z.array(z.object({ code: z.string(), amount: money })), []),
  vat: money,
  total: money,
  /** what was given back so far (to the provider or as credit), when anything was */
  refunded: maybe(money),
  payment: z.enum(PAYMENT_STATES),
})
export type OrderBill = z.infer<typeof orderBill>
