/**
 * What a provider's refusal means for the message (transports.ts): a temporary failure is
 * retried by the job queue, so the adapter throws SmsProviderUnavailable; a permanent one is
 * answered `refused`, with `undeliverable` when the number itself cannot be reached.
 */
export type FailureVerdict =
  | { readonly retry: true; readonly reason: string }
  | { readonly retry: false; readonly reason: string; readonly undeliverable: boolean }

/** The provider is down, slow, rate limiting or unreachable: try the message again later. */
export class SmsProviderUnavailable extends Error {
  constructor(
    readonly provider: string,
    readonly reason: string,
  ) {
    super(`${provider}: ${reason}`)
    this.name = 'SmsProviderUnavailable'
  }
}

export const retry = (reason: string): FailureVerdict => ({ retry: true, reason })
export const refuse = (reason: string, undeliverable = false): FailureVerdict => ({
  retry: false,
  reason,
  undeliverable,
})

/** A number that cannot be E.164: refused as undeliverable without asking the provider. */
export const invalidNumber = (provider: string, raw: string) =>
  ({
    kind: 'refused',
    provider,
    reason: `not a phone number: ${raw}`,
    undeliverable: true,
  }) as const
