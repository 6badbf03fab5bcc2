import type { CallOutput } from '#contract/call'
import { companiesOffline } from '#contract/calls/companies'
import { eshopCalls } from '#contract/calls/eshop'
import { loyaltyCurrent } from '#contract/calls/loyalty'
import { paymentConnect, paymentUpdateMessage } from '#contract/calls/payment'
import type { ContextSource } from '../context'
import { callApi } from '../request'
import { orFallback, succeeded } from '../swallow'
import type { ApiInput, CallOptions } from '../types'

/**
 * The calls whose failure docs/product/8-errors.md turns into a value. Each answers the value the caller
 * actually reads (a boolean rather than {offline}), so success and fallback share one type.
 */

/** docs/product/8-errors.md: the loyalty card, or null on failure (the drawer hides the link either way). */
export function loyaltyCard(
  source: ContextSource,
  options?: CallOptions,
): Promise<CallOutput<typeof loyaltyCurrent>> {
  return orFallback(
    source,
    'loyalty.current',
    () => callApi(source, loyaltyCurrent, {}, options),
    null,
  )
}

/** docs/product/8-errors.md: true (offline) when the check fails, so the maintenance page stays up. */
export function isOffline(source: ContextSource, options?: CallOptions): Promise<boolean> {
  return orFallback(
    source,
    'companies.offline',
    async () => (await callApi(source, companiesOffline, {}, options)).offline,
    true,
  )
}

/** docs/product/8-errors.md: false when the connect check fails. */
export function isPaymentConnected(
  source: ContextSource,
  input: ApiInput<typeof paymentConnect>,
  options?: CallOptions,
): Promise<boolean> {
  return orFallback(
    source,
    'payment.connect',
    async () => (await callApi(source, paymentConnect, input, options)).connected,
    false,
  )
}

/** docs/product/8-errors.md: a failed message update is only logged, the payment continues. */
export function updatePaymentMessage(
  source: ContextSource,
  input: ApiInput<typeof paymentUpdateMessage>,
  options?: CallOptions,
): Promise<boolean> {
  return succeeded(source, 'payment.updateMessage', () =>
    callApi(source, paymentUpdateMessage, input, options),
  )
}

/** docs/product/5-rules.md, docs/product/8-errors.md: units in stock for the wish, 0 when the look-up fails or the product is unknown. */
export function stockOf(
  source: ContextSource,
  input: ApiInput<typeof eshopCalls.stock>,
  options?: CallOptions,
): Promise<number> {
  return orFallback(
    source,
    'eshop.stock',
    async () => (await callApi(source, eshopCalls.stock, input, options)).stock,
    0,
  )
}
