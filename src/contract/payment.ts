import * as z from 'zod/mini'
import { appointmentRequest } from './appointment'
import { email, id, maybe, minorAmount, money } from './common'

/**
 * What a payment is for. The body names articles and quantities only: the server prices them
 * from its catalogue and coupons (client prices are never trusted).
 */
export const paymentLine = z.object({ articleId: id, quantity: z.int().check(z.positive()) })

export const giftPurchase = z.object({
  themeId: id,
  amount: minorAmount,
  /** recipient's name and e-mail (spec §3 Gift to, email) */
  to: z.string().check(z.minLength(1)),
  email,
  message: maybe(z.string().check(z.maxLength(1000))),
})

export const paymentInitializeRequest = z.object({
  purpose: z.enum(['booking', 'gift', 'eshop']),
  shopId: id,
  lines: z._default(z.array(paymentLine), []),
  appointments: z._default(z.array(appointmentRequest), []),
  gift: maybe(giftPurchase),
  couponCode: maybe(z.string()),
  message: maybe(z.string().check(z.maxLength(2000))),
})
export type PaymentInitializeRequest = z.input<typeof paymentInitializeRequest>

/** The server's pricing of a cart, minor units. */
export const paymentPrices = z.object({ subtotal: money, discount: money, total: money })
export type PaymentPrices = z.infer<typeof paymentPrices>

/**
 * spec §3 Payment initialize result. result.token is what the provider's widget needs
 * (stripe client secret, payzen form token...); for 'free' it is the id the callback confirms.
 */
export const paymentInitializeResponse = z.object({
  cartId: id,
  result: z.object({ token: z.string() }),
  prices: paymentPrices,
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
  /** provider error type ('card_error', 'validation_error') and its message (spec §8) */
  errorType: maybe(z.string()),
  message: maybe(z.string()),
})
export type PaymentPayResponse = z.infer<typeof paymentPayResponse>

/** amount absent: refund what remains */
export const paymentRefundRequest = z.object({ orderId: id, amount: maybe(minorAmount) })
export const paymentRefundResponse = z.object({ orderId: id, refunded: money })

export const paymentTokenRequest = z.object({ cartId: id })
export const paymentTokenResponse = z.object({ token: z.string() })

/** How the payment form runs for this cart and provider. */
export const paymentScenarioRequest = z.object({ cartId: id })
export const paymentScenarioResponse = z.object({
  scenario: z.enum(['embedded', 'redirect', 'none']),
})

export const paymentSuccessResponse = z.object({ orderId: id, status: z.string() })
export const paymentConnectResponse = z.object({ connected: z.boolean() })
