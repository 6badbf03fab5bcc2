/**
 * Stripe.js v3 glue (https://js.stripe.com/v3, loaded by a script tag on the payment step only,
 * and only when a publishable key exists): the Payment Element mounted with the PaymentIntent's
 * client secret, confirmPayment with redirect 'if_required' (3-D Secure may still redirect: it
 * returns to return_url, /payments/rdvcheck?cartId=).
 */
export const STRIPE_JS = 'https://js.stripe.com/v3'

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

export interface StripeElementsLike {
  create(type: 'payment', options?: Record<string, unknown>): StripeElementLike
}

export interface StripeLike {
  elements(options: { clientSecret: string; locale?: string }): StripeElementsLike
  confirmPayment(options: {
    elements: StripeElementsLike
    redirect: 'if_required'
    confirmParams: { return_url: string }
  }): Promise<StripeConfirmResult>
}

export type StripeFactory = (publishableKey: string, options?: { locale?: string }) => StripeLike

declare global {
  interface Window {
    Stripe?: StripeFactory
  }
}

export interface StripeSession {
  confirm(returnUrl: string): Promise<StripeConfirmResult>
  destroy(): void
}

/** Mounts the Payment Element in `target`; `factory` is window.Stripe once the script ran. */
export function mountStripe(
  factory: StripeFactory,
  publishableKey: string,
  clientSecret: string,
  target: HTMLElement,
  locale: string,
): StripeSession {
  const stripe = factory(publishableKey, { locale })
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
