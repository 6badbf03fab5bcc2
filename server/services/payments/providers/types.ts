import type { PaymentProvider } from '#contract/booker-commerce.ts'
import type { JsonObject } from '#server/db/schema/index.ts'
import type { SecretReader } from '#server/kernel/index.ts'

export type ProviderName = PaymentProvider

/**
 * How old (or how far ahead) a signed notification's timestamp may be, in seconds: Stripe's
 * documented default tolerance for the `t=` of Stripe-Signature, used for PayPal's
 * transmission time too. A replayed old delivery is refused (400) before anything is read.
 */
export const NOTIFICATION_TOLERANCE_SECONDS = 300

/** What the provider needs to know of the company it works for. */
export interface ProviderContext {
  readonly secret: SecretReader
  readonly companyToken: string
  /** minor-unit digits of the currency: providers taking decimals (PayPal, Monetico) need it */
  readonly precision: number
  /** stripe connect: the connected account the payment is created on */
  readonly stripeAccount?: string | undefined
}

/** One payment as the provider sees it. The amount is always the server's. */
export interface ProviderPayment {
  /** our payment id: also the idempotency key of the provider calls that create it */
  readonly id: string
  readonly cartId: string
  readonly amountCents: number
  readonly currency: string
  /** the provider's id of the payment, once created */
  readonly providerRef: string | null
  /** what create() gave the browser (payments.provider_token) */
  readonly token: string | null
  readonly description: string
  readonly customerEmail: string | undefined
  /** where a redirect comes back to: the site's payments/rdvcheck page for this cart */
  readonly returnUrl: string
  /** our notification endpoint for this provider and company */
  readonly notifyUrl: string
  /** what create() stored (form tokens, capture ids...) */
  readonly data: JsonObject
}

export interface CreatedPayment {
  /** the provider's id: unique per company and provider (payments_provider_ref_key) */
  readonly providerRef: string
  /** what the browser needs (client secret, form token, PayPal order id, redirect URL...) */
  readonly token: string
  readonly data?: JsonObject
}

/** What the provider says of a payment: after pay, a return page, or a notification. */
export type Outcome =
  | {
      readonly kind: 'succeeded'
      /** what the provider says was taken: checked against the payment's amount */
      readonly amountCents: number
      readonly currency: string
      /** the provider's transaction (capture) id: the booking order's transactionId */
      readonly transactionId: string
      readonly data?: JsonObject
      /**
       * Only the free provider (decision 012): the order is confirmed but no money moved; the
       * amount is due at the shop. Nothing that needs a verified payment (an active voucher, a
       * paid e-shop order, loyalty points) is fulfilled until the shop records it.
       */
      readonly dueAtShop?: boolean
    }
  | { readonly kind: 'pending' }
  | { readonly kind: 'requiresAction'; readonly redirectUrl?: string }
  | { readonly kind: 'failed'; readonly errorType: string; readonly message: string }

/** An inbound provider call (webhook, IPN, CGI2), verified. */
export interface ProviderNotification {
  /** unique per provider delivery: a repeat is recognised (payment_events) and changes nothing */
  readonly eventKey: string
  /** which payment it is about (providerRef); undefined: an event we do not act on */
  readonly providerRef: string | undefined
  readonly outcome: Outcome | undefined
  readonly payload: JsonObject
  /**
   * Which payment, when the event names the provider's transaction rather than the payment
   * (a PayPal refund names its capture): matched with payments.data.transactionId.
   */
  readonly transactionId?: string | undefined
  /**
   * The event only says the payment moved on, without an outcome: ask the provider (verify; for
   * PayPal's CHECKOUT.ORDER.APPROVED that captures the order) and settle what it answers.
   */
  readonly askProvider?: boolean | undefined
  /** a refund the provider made: ours (already booked) or one made elsewhere (its dashboard) */
  readonly refund?: ProviderRefund | undefined
}

export interface ProviderRefund {
  /** the provider's refund id (payments.data.refunds[].id once booked) */
  readonly id: string
  readonly amountCents: number
  /** everything refunded of the payment so far according to the provider, when it says */
  readonly totalRefundedCents: number | undefined
}

export interface RawNotification {
  readonly body: string
  readonly headers: Headers
}

export interface RefundRequest {
  readonly amountCents: number
  /** unique per refund: the provider's idempotency key, so a retried call refunds once */
  readonly key: string
}

/** How the island runs the payment form (POST /api/payment/get-scenario). */
export type Scenario = 'embedded' | 'redirect' | 'none'

/**
 * A payment provider. Implementations talk to their provider's documented API and nothing else;
 * the payments service decides what a result means for carts, orders and appointments.
 */
export interface PaymentProviderAdapter {
  readonly name: ProviderName
  readonly scenario: Scenario
  /**
   * The outcome arrives by the provider's notification only (Monetico's CGI2: no query API):
   * the return page reads what the notification settled instead of asking verify().
   */
  readonly notifiedOnly?: true
  /** the secrets it needs are set (connect and initialize check it first) */
  configured(context: ProviderContext): boolean
  create(context: ProviderContext, payment: ProviderPayment): Promise<CreatedPayment>
  /** asks the provider where the payment stands; `proof` is what the client was given back */
  verify(
    context: ProviderContext,
    payment: ProviderPayment,
    proof: string | undefined,
  ): Promise<Outcome>
  /** verifies and reads a provider notification; throws InvalidNotification when forged */
  notification?(context: ProviderContext, raw: RawNotification): Promise<ProviderNotification>
  /** refunds part of a succeeded payment; answers the provider's refund id */
  refund(context: ProviderContext, payment: ProviderPayment, refund: RefundRequest): Promise<string>
  /** whether the company's (or shop's) account can take payments; false on any failure */
  connected(context: ProviderContext): Promise<boolean>
}
