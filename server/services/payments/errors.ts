import { conflict, Refusal } from '#server/kernel/index.ts'

/**
 * Payment refusals (docs/api/errors.md). 4xx: the request cannot be paid as asked;
 * 502/503: the provider or our configuration failed, the customer may retry later.
 */

/** docs/product/6-roles.md: payment, or this kind of purchase, is not enabled for the company */
export const paymentDisabled = (message: string) => new Refusal(400, 'paymentDisabled', message)

/** The provider's secrets are missing on this server (env, see secrets.ts). */
export const paymentNotConfigured = (provider: string) =>
  new Refusal(503, 'paymentNotConfigured', `The ${provider} payment account is not configured.`)

/** The provider refused or could not be reached; nothing was charged by us. */
export class ProviderError extends Refusal {
  constructor(
    provider: string,
    detail: string,
    readonly providerStatus?: number,
  ) {
    super(502, 'paymentProviderError', `The ${provider} payment service failed: ${detail}`)
  }
}

/** A notification whose signature (or MAC, or hash) does not verify: never acted upon. */
export class InvalidNotification extends Refusal {
  constructor(message = 'Invalid notification signature.') {
    super(400, 'invalidSignature', message)
  }
}

export const noHolds = () =>
  conflict('Conflict: no reservation to pay at this shop (it may have expired).', 'noHolds')
export const cartChanged = () =>
  conflict('Conflict: the reservation no longer matches the cart.', 'cartChanged')
export const cartNotPayable = (status: string) =>
  conflict(`Conflict: this cart cannot be paid (${status}).`, 'cartNotPayable')
