import type { PaymentPrices } from '#contract/payment'
import { type PaypalLoader, paypalOptions } from '../paypal'
import type { PaymentAdapter } from './types'

export interface PaypalDeps {
  /** `loadScript` of `@paypal/paypal-js`, imported on first use (adapters/index.ts) */
  loadPaypal: PaypalLoader
  /** POST /api/payment/callback/:companyToken?payId= with the approved order id */
  callback(cartId: string, token: string, prices: PaymentPrices): Promise<unknown>
}

/**
 * PayPal: its buttons on the server's order (initialize's token); approval posts the callback,
 * then pays with the order id (docs/product/4-states.md). needsKey: the client id is the
 * company's public key, and without it nothing loads (no 'sb' sandbox id, decision 024).
 */
export function paypalAdapter(deps: PaypalDeps): PaymentAdapter {
  return {
    payButton: 'provider',
    needsKey: true,
    start: (attempt, hooks) => ({
      mount: async (target) => {
        if (attempt.publicKey === '') throw new Error('PayPal has no client id')
        const paypal = await deps.loadPaypal(attempt.publicKey)
        if (!paypal?.Buttons) throw new Error('PayPal SDK did not load')
        const options = paypalOptions({
          orderId: attempt.token,
          approve: async (orderId) => {
            hooks.paying()
            // the callback tells the server the payer approved; pay captures, whatever it answered
            await deps.callback(attempt.cartId, orderId, attempt.prices).catch(() => undefined)
            await hooks.pay(orderId)
          },
          cancel: () => hooks.cancelled(),
          fail: () => hooks.fail('paypal', null),
        })
        await paypal.Buttons(options).render(target)
      },
      destroy: () => undefined,
    }),
  }
}
