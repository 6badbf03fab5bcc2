import type { StripeElementLocale } from '@stripe/stripe-js'

/**
 * Stripe glue over the official `@stripe/stripe-js` (decision 024): `loadStripe` (imported
 * dynamically by adapters/index.ts, so the SDK's loader is a chunk of its own fetched on the
 * payment step only, and only when a publishable key exists, docs/product/5-rules.md), the
 * Payment Element mounted with the PaymentIntent's client secret, confirmPayment with redirect
 * 'if_required' (3-D Secure may still redirect: it returns to return_url,
 * /payments/rdvcheck?cartId=, docs/product/7-calls.md).
 *
 * `StripeLike` names the few members of the SDK's `Stripe` we call: the real object is
 * assignable to it (adapters/index.ts), unit tests hand a fake.
 */

export interface StripeError {
  type?: string | undefined
  message?: string | undefined
}

export interface StripeConfirmResult {
  error?: StripeError | undefined
  paymentIntent?: { id: string; status: string } | undefined
}

export interface StripeElementLike {
  mount(target: HTMLElement): void
  destroy?(): void
}

/** `E`: the SDK's elements group, handed back to confirmPayment as it came. */
export interface StripeLike<E> {
  elements(options: { clientSecret: string; locale?: StripeElementLocale }): E & {
    create(type: 'payment'): StripeElementLike
  }
  confirmPayment(options: {
    elements: E
    redirect: 'if_required'
    confirmParams: { return_url: string }
  }): Promise<StripeConfirmResult>
}

/** Mounts the Payment Element of a loaded Stripe (mountStripe bound to it). */
export type StripeMount = (
  clientSecret: string,
  target: HTMLElement,
  locale: StripeElementLocale,
) => StripeSession

/** loadStripe(publishableKey, { locale }), bound to mountStripe; null where there is no window. */
export type StripeLoader = (
  publishableKey: string,
  options: { locale: StripeElementLocale },
) => Promise<StripeMount | null>

/** Our five languages (src/i18n/locales.ts) are all Stripe locales; anything else: 'auto'. */
const STRIPE_LOCALES: readonly StripeElementLocale[] = ['fr', 'en', 'es', 'it', 'de']

export function stripeLocale(locale: string): StripeElementLocale {
  return STRIPE_LOCALES.find((known) => known === locale) ?? 'auto'
}

export interface StripeSession {
  confirm(returnUrl: string): Promise<StripeConfirmResult>
  destroy(): void
}

/** Mounts the Payment Element in `target` with the PaymentIntent's client secret. */
export function mountStripe<E>(
  stripe: StripeLike<E>,
  clientSecret: string,
  target: HTMLElement,
  locale: StripeElementLocale,
): StripeSession {
  const elements = stripe.elements({ clientSecret, locale })
  const element = elements.create('payment')
  element.mount(target)
  return {
    confirm: (returnUrl) =>
      stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: returnUrl },
      }),
    destroy: () => element.destroy?.(),
  }
}
