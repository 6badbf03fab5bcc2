import type { CallOutput } from '#contract/call'
import { appointmentsCalls } from '#contract/calls/appointments'
import type { ContextSource } from '../context'
import { ApiError } from '../errors'
import { callApi } from '../request'
import { orFallback } from '../swallow'
import type { ApiInput, CallOptions } from '../types'

const { period, create, priceTimes: priceTimesCall } = appointmentsCalls

/** docs/product/5-rules.md: the message when a required appointment parameter is absent. */
export const MISSING_PARAMS = 'param manquants'

function missing(values: readonly unknown[]): boolean {
  return values.some((value) => value === undefined || value === null || value === '')
}

/** docs/product/5-rules.md: shop, service, start and end are required, else 'param manquants' (no request). */
export function appointmentsPeriod(
  source: ContextSource,
  input: ApiInput<typeof period>,
  options?: CallOptions,
): Promise<CallOutput<typeof period>> {
  const { shopId, servicesId, start, end } = input.query
  if (missing([shopId, servicesId, start, end])) {
    return Promise.reject(new ApiError(400, MISSING_PARAMS))
  }
  return callApi(source, period, input, options)
}

/** docs/product/5-rules.md: adding an appointment requires its payload. */
export function appointmentsCreate(
  source: ContextSource,
  input: ApiInput<typeof create>,
  options?: CallOptions,
): Promise<CallOutput<typeof create>> {
  if (missing([input.body])) return Promise.reject(new ApiError(400, MISSING_PARAMS))
  return callApi(source, create, input, options)
}

/**
 * docs/product/5-rules.md, docs/product/8-errors.md: customerId, servicesId and date are required, else an empty list without a
 * request; a failed call is an empty list too.
 */
export async function priceTimes(
  source: ContextSource,
  input: ApiInput<typeof priceTimesCall>,
  options?: CallOptions,
): Promise<CallOutput<typeof priceTimesCall>> {
  const { customerId, servicesId, date } = input.query
  if (missing([customerId, servicesId, date])) return []
  return orFallback(
    source,
    'appointments.priceTimes',
    () => callApi(source, priceTimesCall, input, options),
    [],
  )
}
