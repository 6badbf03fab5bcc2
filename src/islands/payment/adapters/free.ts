import type { PaymentPrices } from '#contract/payment'
import type { PaymentAdapter } from './types'

export interface FreeDeps {
  /** POST /api/payment/callback/:companyToken?payId= with the token and the prices */
  callback(cartId: string, token: string, prices: PaymentPrices): Promise<unknown>
}

/**
 * The free provider, and any payment of nothing (decision 012: paid at the shop): the step's
 * button confirms; the callback is not awaited (docs/product/7-calls.md), pay settles it too.
 */
export function freeAdapter(deps: FreeDeps): PaymentAdapter {
  return {
    payButton: 'step',
    needsKey: false,
    start: (attempt, hooks) => ({
      submit: async () => {
        hooks.paying()
        void deps.callback(attempt.cartId, attempt.token, attempt.prices).catch(() => undefined)
        await hooks.pay(attempt.token)
      },
      destroy: () => undefined,
    }),
  }
}
