import * as z from 'zod/mini'
import { MAX_CART_LINES, MAX_LINE_QUANTITY, MAX_MINOR_AMOUNT } from '#domain/money/bounds'
import { DESK_METHODS } from '#domain/orders/desk-money'
import { appointmentRequest } from './appointment'
import { email, id, instant, maybe, minorAmount, money } from './common'
import { rescheduleVisitBody } from './manage'

/**
 * An amount a client may send: minor units within the money bounds
 * (docs/product/9-constants.md#money-bounds).
 */
export const boundedAmount = minorAmount.check(
  z.lte(MAX_MINOR_AMOUNT, `An amount is at most ${MAX_MINOR_AMOUNT} minor units.`),
)

/**
 * Units of one line: 1..MAX_LINE_QUANTITY (docs/product/9-constants.md#money-bounds; the stock may
 * allow fewer).
 */
export const lineQuantity = z
  .int()
  .check(
    z.gte(1, 'A quantity is at least 1.'),
    z.lte(MAX_LINE_QUANTITY, `A quantity is at most ${MAX_LINE_QUANTITY}.`),
  )

/**
 * What a payment is for. The body names articles and quantities only: the server prices them
 * from its catalogue and coupons (client prices are never trusted).
 */
export const paymentLine = z.object({ articleId: id, quantity: lineQuantity })

export const giftPurchase = z.object({
  themeId: id,
  amount: boundedAmount,
  /** recipient's name and e-mail (docs/product/3-entities.md Gift to, email) */
  to: z.string().check(z.minLength(1)),
  email,
  message: maybe(z.string().check(z.maxLength(1000))),
})

export const paymentInitializeRequest = z.object({
  purpose: z.enum(['booking', 'gift', 'eshop', 'reschedule']),
  shopId: id,
  /**
   * purpose 'booking': the cart the holds are in (PUT /api/appointments/cart answered it); the
   * server pays what that cart holds, and `appointments` is not needed
   * (docs/decisions/073-one-cart.md)
   */
  cartId: maybe(id),
  lines: z._default(
    z
      .array(paymentLine)
      .check(z.maxLength(MAX_CART_LINES, `An order has at most ${MAX_CART_LINES} lines.`)),
    [],
  ),
  /**
   * purpose 'booking' without a cartId (the spec's form): what the client believes it pays,
   * each compared with what is held; a gift code on one of them pays with that voucher
   */
  appointments: z._default(
    z
      .array(appointmentRequest)
      .check(z.maxLength(MAX_CART_LINES, `A payment covers at most ${MAX_CART_LINES} visits.`)),
    [],
  ),
  gift: maybe(giftPurchase),
  /** purpose 'booking': a gift voucher paying for the visit (docs/decisions/073-one-cart.md) */
  giftCode: maybe(z.string().check(z.maxLength(200))),
  /**
   * purpose 'reschedule': the visit moved to a dearer start, whose difference this payment pays
   * (docs/decisions/042-reschedule-pay-difference.md); named as the manage calls name it
   */
  reschedule: maybe(rescheduleVisitBody),
  couponCode: maybe(z.string()),
  message: maybe(z.string().check(z.maxLength(2000))),
})

/** The server's pricing of a cart, minor units. */
export const paymentPrices = z.object({ subtotal: money, discount: money, total: money })
export type PaymentPrices = z.infer<typeof paymentPrices>

/**
 * docs/product/3-entities.md Payment initialize result. result.token is what the provider's widget needs
 * (stripe client secret, payzen form token...); for 'free' it is the id the callback confirms.
 */
export const paymentInitializeResponse = z.object({
  cartId: id,
  result: z.object({ token: z.string() }),
  prices: paymentPrices,
  /**
   * the coupon the server applied (part of prices.discount), for its own line
   * (docs/product/5-rules.md#coupons)
   */
  coupon: z.optional(z.object({ code: z.string(), discount: money })),
})
export type PaymentInitializeResponse = z.infer<typeof paymentInitializeResponse>

export const paymentUpdateMessageRequest = z.object({ cartId: id, message: z.string() })

/** POST /api/payment/callback/:companyToken (free provider) */
export const paymentCallbackRequest = z.object({ paymentToken: z.string(), prices: paymentPrices })

export const paymentPayRequest = z.object({
  cartId: id,
  /** the provider's proof (payment intent id, PayPal order id...) */
  paymentToken: maybe(z.string()),
})

/** 'requiresAction' sends the browser to redirectUrl (3-D Secure, PayPal approval). */
export const paymentPayResponse = z.object({
  status: z.enum(['succeeded', 'pending', 'requiresAction', 'failed']),
  orderId: maybe(id),
  redirectUrl: maybe(z.string()),
  /** provider error type ('card_error', 'validation_error') and its message (docs/product/8-errors.md) */
  errorType: maybe(z.string()),
  message: maybe(z.string()),
  /**
   * decision 012 (free provider): the order is confirmed but nothing was charged; this amount is
   * to be paid at the shop (a voucher is issued, an e-shop order paid, once the shop records it).
   */
  amountDue: maybe(money),
})
export type PaymentPayResponse = z.infer<typeof paymentPayResponse>

/** amount absent: refund what remains */
export const paymentRefundRequest = z.object({ orderId: id, amount: maybe(boundedAmount) })
export const paymentRefundResponse = z.object({ orderId: id, refunded: money })

/**
 * POST /api/payment/at-shop (decision 012), a company user: the amount due at the shop for an
 * order confirmed with the free provider (booking order, e-shop order or voucher id) was paid.
 */
export const paymentAtShopRequest = z.object({
  orderId: id,
  amount: boundedAmount,
  /** how the shop took it (docs/decisions/078-desk-payments.md); absent: cash */
  method: z._default(z.enum(DESK_METHODS), 'cash'),
  /** method voucher: the shop's gift voucher that pays the whole amount */
  voucherCode: maybe(z.string().check(z.minLength(1), z.maxLength(64))),
})
export const paymentAtShopResponse = z.object({
  orderId: id,
  status: z.literal('succeeded'),
  paid: money,
  method: maybe(z.enum(DESK_METHODS)),
})

/** GET /api/payment/due-at-shop: e-shop orders and gift vouchers the staff's shops await. */
export const dueAtShopItem = z.object({
  /** what POST /api/payment/at-shop names */
  orderId: id,
  kind: z.enum(['eshop', 'gift']),
  /** the e-shop order's number or the voucher's masked code */
  number: z.string(),
  shopId: maybe(id),
  customerName: z.string(),
  due: money,
  createdAt: instant,
})
export const dueAtShopResponse = z.array(dueAtShopItem)
export type DueAtShopItem = z.infer<typeof dueAtShopItem>
export type PaymentAtShopResponse = z.infer<typeof paymentAtShopResponse>

export const paymentTokenRequest = z.object({ cartId: id })
export const paymentTokenResponse = z.object({ token: z.string() })

/** How the payment form runs for this cart and provider. */
export const paymentScenarioRequest = z.object({ cartId: id })
export const paymentScenarioResponse = z.object({
  scenario: z.enum(['embedded', 'redirect', 'none']),
})

export const paymentSuccessResponse = z.object({ orderId: id, status: z.string() })
export const paymentConnectResponse = z.object({ connected: z.boolean() })
