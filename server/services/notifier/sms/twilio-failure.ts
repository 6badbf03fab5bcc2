import { type FailureVerdict, refuse, retry } from './failure.ts'

/**
 * Twilio's error codes (https://www.twilio.com/docs/api/errors) that say the number cannot take
 * SMS: at sending, 21211 invalid 'To' number, 21217 number does not appear valid, 21614 'To' is
 * not a mobile number; in status callbacks, 30005 unknown destination handset, 30006 landline or
 * unreachable carrier. The customer is asked to correct the number.
 */
export const TWILIO_BAD_NUMBER_CODES: ReadonlySet<number> = new Set([
  21211, 21217, 21614, 30005, 30006,
])

/** 20429 Too Many Requests comes with HTTP 429; the queue waits and retries. */
const TWILIO_RATE_LIMITED = 20429

/**
 * A Messages API answer other than 201 (its errors are JSON `{code, message, status,
 * more_info}`): rate limited and 5xx are retried; an invalid number is refused as undeliverable;
 * anything else (401 bad credentials, 21408 region not enabled, 21610 the person sent STOP...)
 * is refused for this message only.
 */
export function twilioSendFailure(httpStatus: number, body: unknown): FailureVerdict {
  const { code, message } = errorOf(body)
  const reason = `twilio ${httpStatus}${code === undefined ? '' : ` ${code}`}: ${message}`
  if (httpStatus === 429 || code === TWILIO_RATE_LIMITED || httpStatus >= 500) return retry(reason)
  return refuse(reason, code !== undefined && TWILIO_BAD_NUMBER_CODES.has(code))
}

function errorOf(body: unknown): { code: number | undefined; message: string } {
  if (typeof body !== 'object' || body === null) return { code: undefined, message: 'no answer' }
  const { code, message } = body as { code?: unknown; message?: unknown }
  return {
    code: typeof code === 'number' ? code : typeof code === 'string' ? Number(code) : undefined,
    message: typeof message === 'string' ? message : 'no message',
  }
}
