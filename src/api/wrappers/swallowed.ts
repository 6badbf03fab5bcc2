import type { CallOutput } from '../../contract/call'
import { companiesOffline } from '../../contract/calls/companies'
import { eshopCalls } from '../../contract/calls/eshop'
import { loyaltyCurrent } from '../../contract/calls/loyalty'
import { paymentConnect, paymentUpdateMessage } from '../../contract/calls/payment'
import type { ContextSource } from '../context'
import { callApi } from '../request'
import { orFallback, succeeded } from '../swallow'
import type { ApiInput, CallOptions } from '../types'

/**
 * The calls whose failure spec §8 turns into a value. Each answers the value the caller
 * actually reads (a boolean rather than {offline}), so success and fallback share one type.
 */

/** spec §8: the loyalty card, or null on failure (the drawer hides the link either way). */
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

/** spec §8: true (offline) when the check fails, so the maintenance page stays up. */
export function isOffline(source: ContextSource, options?: CallOptions): Promise<boolean> {
  return orFallback(
    source,
    'companies.offline',
    async () => (await callApi(source, companiesOffline, {}, options)).offline,
    true,
  )
}

/** spec §8: false when the connect check fails. */
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

/** spec §8: a failed message update is only logged, the payment continues. */
export function updatePaymentMessage(
  source: ContextSource,
  input: ApiInput<typeof paymentUpdateMessage>,
  options?: CallOptions,
): Promise<boolean> {
  return succeeded(source, 'payment.updateMessage', () =>
    callApi(source, paymentUpdateMessage, input, options),
  )
}

/** spec §5/§8: units in stock for the wish, 0 when the look-up fails or the product is unknown. */
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
