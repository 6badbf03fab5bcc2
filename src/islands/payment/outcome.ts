import type { PaymentPayResponse } from '#contract/payment'

/** What the step does with POST /api/payment/pay's answer. */
export type PayOutcome =
  | { kind: 'succeeded'; orderId: string | null; amountDue?: number | undefined }
  | { kind: 'redirect'; url: string }
  | { kind: 'pending' }
  | { kind: 'failed'; errorType: string | null; message: string | null }

export function payOutcome(response: PaymentPayResponse): PayOutcome {
  switch (response.status) {
    case 'succeeded':
      return response.amountDue
        ? {
            kind: 'succeeded',
            orderId: response.orderId ?? null,
            amountDue: response.amountDue.amount,
          }
        : { kind: 'succeeded', orderId: response.orderId ?? null }
    case 'requiresAction':
      return response.redirectUrl
        ? { kind: 'redirect', url: response.redirectUrl }
        : { kind: 'pending' }
    case 'pending':
      return { kind: 'pending' }
    case 'failed':
      return {
        kind: 'failed',
        errorType: response.errorType ?? null,
        message: response.message ?? null,
      }
  }
}

/** The return page address for one cart: `<returnUrl>?cartId=<id>` (existing query kept). */
export function returnUrlFor(returnUrl: string, cartId: string): string {
  const url = new URL(returnUrl, 'http://placeholder.invalid')
  url.searchParams.set('cartId', cartId)
  return url.origin === 'http://placeholder.invalid' ? `${url.pathname}${url.search}` : url.href
}

/**
 * The return page (/payments/rdvcheck) and POST /api/payment/success's answer: the server
 * decides. The provider's error return (`returned=err`: Monetico's url_retour_err, where it
 * sends a payer it did not take money from, refused or gone back) does not wait for a
 * notification that may never come: what the server does not call paid is the fail page.
 */
export function returnStep(status: string, returnedErr: boolean): 'success' | 'fail' | 'askAgain' {
  if (status === 'succeeded') return 'success'
  return status === 'failed' || returnedErr ? 'fail' : 'askAgain'
}
