/**
 * PayPal glue over the official `@paypal/paypal-js` (decision 024; docs/product/4-states.md,
 * docs/product/7-calls.md: SDK loaded in EUR; create the order, wait for approval, then the
 * callback and the payment). The order is created by our server at initialize (its id is
 * result.token), so createOrder only hands it over; onApprove posts the callback, then settles
 * through POST /api/payment/pay with the order id, which captures it server-side.
 *
 * There is no sandbox fallback: without the company's client id the option is not offered
 * (src/domain/company/payment-enabled.ts) and the adapter refuses to load anything.
 */

/** What `loadScript` of `@paypal/paypal-js` is given: the company's client id, EUR, capture. */
export function paypalScriptOptions(clientId: string) {
  return { clientId, currency: 'EUR', intent: 'capture' } as const
}

export interface PaypalButtonsOptions {
  createOrder(): Promise<string>
  onApprove(data: { orderID: string }): Promise<void>
  onCancel?(): void
  onError?(error: unknown): void
}

/** The few members of the SDK's namespace we call (the real one is assignable, adapters/index.ts). */
export interface PaypalLike {
  Buttons?(options: PaypalButtonsOptions): { render(target: HTMLElement): Promise<void> }
}

/** loadScript(paypalScriptOptions(clientId)): the namespace, null where there is no window. */
export type PaypalLoader = (clientId: string) => Promise<PaypalLike | null>

export interface PaypalHandlers {
  /** initialize's token: the PayPal order id */
  orderId: string
  approve(orderId: string): Promise<void>
  cancel(): void
  fail(error: unknown): void
}

export function paypalOptions(handlers: PaypalHandlers): PaypalButtonsOptions {
  return {
    createOrder: () => Promise.resolve(handlers.orderId),
    onApprove: (data) => handlers.approve(data.orderID || handlers.orderId),
    onCancel: () => handlers.cancel(),
    onError: (error) => handlers.fail(error),
  }
}
