import { returnUrlFor } from '../outcome'
import { mountStripe, STRIPE_JS, type StripeFactory, type StripeSession } from '../stripe'
import type { PaymentAdapter } from './types'

export interface StripeDeps {
  loadScript(src: string): Promise<void>
  /** window.Stripe once the script ran */
  stripe(): StripeFactory | undefined
}

/**
 * Stripe: the Payment Element, then the step's button confirms (redirect 'if_required': 3-D
 * Secure comes back to the return page) and pays with the PaymentIntent.
 */
export function stripeAdapter(deps: StripeDeps): PaymentAdapter {
  return {
    payButton: 'step-after-form',
    needsKey: true,
    start: (attempt, hooks) => {
      let session: StripeSession | null = null
      return {
        mount: async (target) => {
          await deps.loadScript(STRIPE_JS)
          const factory = deps.stripe()
          if (!factory) throw new Error('Stripe.js did not load')
          session = mountStripe(factory, attempt.publicKey, attempt.token, target, attempt.locale)
        },
        submit: async () => {
          if (!session) return
          hooks.paying()
          try {
            const result = await session.confirm(returnUrlFor(attempt.returnUrl, attempt.cartId))
            if (result.error) {
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
