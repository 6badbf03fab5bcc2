/**
 * PayPal JS SDK glue (docs/product/4-states.md, docs/product/7-calls.md: SDK loaded in EUR; create the order, wait for approval, then
 * the callback and the payment). The order is created by our server at initialize (its id is
 * result.token), so createOrder only hands it over; onApprove settles through POST
 * /api/payment/pay with the order id, which captures it server-side.
 */
export function paypalSdkUrl(clientId: string, currency = 'EUR'): string {
  const query = new URLSearchParams({ 'client-id': clientId || 'sb', currency, intent: 'capture' })
  return `https://www.paypal.com/sdk/js?${query}`
}

export interface PaypalButtonsOptions {
  createOrder(): Promise<string>
  onApprove(data: { orderID: string }): Promise<void>
  onCancel?(): void
  onError?(error: unknown): void
}

export interface PaypalLike {
  Buttons(options: PaypalButtonsOptions): { render(target: HTMLElement): Promise<void> }
}

declare global {
  interface Window {
    paypal?: PaypalLike
  }
}

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
