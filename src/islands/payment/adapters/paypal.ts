import { type PaypalLike, paypalOptions, paypalSdkUrl } from '../paypal'
import type { PaymentAdapter } from './types'

export interface PaypalDeps {
  loadScript(src: string): Promise<void>
  /** window.paypal once the SDK ran */
  paypal(): PaypalLike | undefined
}

/** PayPal: its buttons (the order is initialize's token); approval pays with the order id. */
export function paypalAdapter(deps: PaypalDeps): PaymentAdapter {
  return {
    payButton: 'provider',
    needsKey: false,
    start: (attempt, hooks) => ({
      mount: async (target) => {
        await deps.loadScript(paypalSdkUrl(attempt.publicKey))
        const paypal = deps.paypal()
        if (!paypal) throw new Error('PayPal SDK did not load')
        const options = paypalOptions({
          orderId: attempt.token,
          approve: async (orderId) => {
            hooks.paying()
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
