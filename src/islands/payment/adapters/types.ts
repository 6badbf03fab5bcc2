import type { PaymentProvider } from '#contract/booker-commerce'
import type { PaymentPrices } from '#contract/payment'

/**
 * One client adapter per payment provider behind one small interface, as the server has
 * (server/services/payments/providers): docs/decisions/023-client-payment-adapters.md.
 */

/** One payment as initialize opened it, with what the provider's form needs. */
export interface PaymentAttempt {
  readonly cartId: string
  /** initialize's result.token: client secret, PayPal order id, form token, URL or form */
  readonly token: string
  readonly prices: PaymentPrices
  /** company.booker.payment.keys.publicKey, trimmed ('' when none) */
  readonly publicKey: string
  readonly locale: string
  /** the step's absolute return page (/payments/rdvcheck), without the cart */
  readonly returnUrl: string
}

/** What an adapter may ask of the step: it owns phases, words and the pay call. */
export interface PaymentHooks {
  /** the customer confirmed: the step shows it is paying (and clears its error) */
  paying(): void
  /** POST /api/payment/pay for the attempt's cart, then what its answer says */
  pay(paymentToken: string | undefined): Promise<void>
  /** the provider refused: its report, worded by the step (paymentFailureMessage) */
  fail(errorType: string | null, message: string | null): void
  /** the customer closed the provider's window */
  cancelled(): void
}

/** The provider's side of one attempt. */
export interface ProviderSession {
  /** loads the provider's script and mounts its form in `target`; absent: nothing to show */
  mount?(target: HTMLElement): Promise<void>
  /** the step's own pay button; absent: the provider's form submits itself */
  submit?(): Promise<void>
  /** the attempt is over (a new initialize, or the step leaves) */
  destroy(): void
}

export interface PaymentAdapter {
  /** the form cannot load without the public key: the step shows payment.unavailable */
  readonly needsKey: boolean
  /**
   * Who pays: the step's button ('step'; 'step-after-form': enabled once the provider's form is
   * shown), or the provider's own form or buttons ('provider').
   */
  readonly payButton: 'step' | 'step-after-form' | 'provider'
  start(attempt: PaymentAttempt, hooks: PaymentHooks): ProviderSession
}

/** Every provider of the contract has one: a provider without an adapter fails the typecheck. */
export type PaymentAdapters = Readonly<Record<PaymentProvider, PaymentAdapter>>
