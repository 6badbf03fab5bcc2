import type { PaymentInitializeResponse } from '#contract/payment'
import type { PaymentProvider } from '#domain/company/payment-enabled'
import type { AppliedCoupon } from '#domain/coupon/coupon-field'
import type { MoneySettingsLike } from '#domain/money/format-money'
import type { ErrorScreen } from '#i18n/error-messages'
import type { TranslatedProps } from '../shared/use-translator'

/**
 * Props of the reusable payment step (`PaymentStep.tsx`), for every purpose that pays through
 * POST /api/payment/initialize: 'booking' (this folder's booking cart), 'eshop' and 'gift'.
 *
 * Usage from another island (render it only once the customer reached the payment step: it
 * calls `initialize()` on mount and loads the provider's SDK then, never before):
 *
 * ```tsx
 * <PaymentStep
 *   locale={locale}
 *   messages={messages}            // optional: without it, the page's catalog (decision 010)
 *   provider={provider}            // resolvePaymentProvider(company.booker.payment) ?? 'free'
 *   publicKey={company.booker.payment.keys.publicKey}
 *   money={money}
 *   returnUrl={`${origin}${localized('/payments/rdvcheck')}`}
 *   initialize={() => islandApi.payment.initialize({ body: { purpose: 'gift', shopId, gift } })}
 *   onSuccess={({ cartId, orderId }) => ...}
 *   onFail={({ message }) => ...}
 * />
 * ```
 *
 * What the step does: initialize → show the server's total → by provider: free (confirm button:
 * callback + pay), stripe (Payment Element, confirmPayment with redirect 'if_required'), paypal
 * (buttons: create order = the token, approve, pay), payzen (embedded krypton form), saferpay and
 * monetico (redirect). card_error / validation_error show the provider's message, anything else
 * `appointment.error.errorDuringPayment` (docs/product/5-rules.md, docs/product/8-errors.md). stripe and payzen without a public key
 * show `payment.unavailable` and load nothing (docs/product/5-rules.md).
 */
export interface PaymentStepProps extends TranslatedProps {
  /** company.booker.payment.provider as resolved by `resolvePaymentProvider` ('free' if none). */
  provider: PaymentProvider
  /** company.booker.payment.keys.publicKey: Stripe publishable key, PayZen public key, PayPal client id. */
  publicKey?: string | null | undefined
  /** The company's money display settings (`mCurrency`, `mCurrencyFormat`) for the total. */
  money: MoneySettingsLike
  /**
   * The localized /payments/rdvcheck page: absolute (websiteURL + path), or a path resolved
   * against the page's origin. Card redirects (3-D Secure) come back there with `?cartId=`.
   */
  returnUrl: string
  /**
   * Opens the payment: POST /api/payment/initialize with the caller's body. Called on mount and
   * again on "retry" after a failure (the server supersedes the previous attempt). A rejection
   * is shown in the words src/i18n/error-messages.ts gives its code (`initializeErrors` for the
   * rest) and offers a retry. `options.couponCode`: the coupon
   * the customer applied (docs/product/5-rules.md#coupons), to be sent as the body's `couponCode`;
   * the step calls again with another code (or none) when the customer changes it.
   */
  initialize(options?: PaymentInitializeOptions): Promise<PaymentInitializeResponse>
  /**
   * Shows the coupon field (booking and e-shop; a gift takes none), starting with the coupon the
   * cart applied. Omitted: no field, and initialize is never given a code.
   */
  coupon?:
    | {
        initial: AppliedCoupon | null
        /** the customer applied or removed a coupon on this step (the cart keeps it after) */
        onChange?: ((applied: AppliedCoupon | null) => void) | undefined
      }
    | undefined
  /** The purpose's words for a failed initialize with no words of its own (default 'paymentInitialize'). */
  initializeErrors?:
    | Extract<ErrorScreen, 'paymentInitialize' | 'eshopCheckout' | 'giftPurchase'>
    | undefined
  /** Paid: the order id (booking order, e-shop order or voucher) and the cart id. */
  onSuccess(result: PaymentSuccess): void
  /** The payment failed (message already shown in the step); optional. */
  onFail?: ((failure: PaymentFailure) => void) | undefined
  /** Label of the pay button; default `payment.payAmount` with the total. */
  payLabel?: string | undefined
  /** An id prefix for the step's elements when several could share a page. Default 'payment'. */
  idPrefix?: string | undefined
  /**
   * The booking step's optional message for the salon (docs/api/payments.md update-message), saved on
   * the cart before paying; its failure is only logged (docs/product/8-errors.md).
   */
  salonMessage?: boolean | undefined
}

export interface PaymentInitializeOptions {
  couponCode?: string | undefined
}

export interface PaymentSuccess {
  cartId: string
  orderId: string | null
  /**
   * decision 012 (free provider): the order is confirmed but nothing was charged; this amount
   * (minor units) is to be paid at the shop. Absent when it was paid.
   */
  amountDue?: number | undefined
}

export interface PaymentFailure {
  cartId: string | null
  /** 'card_error', 'validation_error', 'initialize', 'provider'... */
  errorType: string | null
  /** The message the step shows (translated generic message or the provider's). */
  message: string
}
