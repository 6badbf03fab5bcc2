import { returnUrlFor } from '../outcome'
import { type StripeLoader, type StripeSession, stripeLocale } from '../stripe'
import type { PaymentAdapter } from './types'

export interface StripeDeps {
  /** `loadStripe` of `@stripe/stripe-js`, imported on first use (adapters/index.ts) */
  loadStripe: StripeLoader
}

/**
 * Stripe: the Payment Element, then the step's button confirms (redirect 'if_required': 3-D
 * Secure comes back to the return page) and pays with the PaymentIntent (decision 024).
 */
export function stripeAdapter(deps: StripeDeps): PaymentAdapter {
  return {
    payButton: 'step-after-form',
    needsKey: true,
    start: (attempt, hooks) => {
      let session: StripeSession | null = null
      return {
        mount: async (target) => {
          const locale = stripeLocale(attempt.locale)
          const mount = await deps.loadStripe(attempt.publicKey, { locale })
          if (!mount) throw new Error('Stripe.js did not load')
          session = mount(attempt.token, target, locale)
        },
        submit: async () => {
          if (!session) return
          hooks.paying()
          try {
            const result = await session.confirm(returnUrlFor(attempt.returnUrl, attempt.cartId))
            if (result.error) {
              // the step words it: the provider's message for card_error and validation_error only
              hooks.fail(result.error.type ?? null, result.error.message ?? null)
              return
            }
            await hooks.pay(result.paymentIntent?.id)
          } catch {
            // docs/product/5-rules.md, docs/product/8-errors.md: a failed pay call is the generic payment error
            hooks.fail('api_error', null)
          }
        },
        destroy: () => {
          session?.destroy()
          session = null
        },
      }
    },
  }
}
