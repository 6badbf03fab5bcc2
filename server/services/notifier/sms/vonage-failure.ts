import { type FailureVerdict, refuse, retry } from './failure.ts'

/**
 * The `status` of a message in the SMS API's answer, when not "0"
 * (https://developer.vonage.com/messaging/sms/guides/troubleshooting-sms and
 * https://developer.vonage.com/api-errors/sms): 1 throttled, 5 internal error, 9 quota
 * ("top-up and retry"), 10 too many binds are temporary; 6 invalid message (an unrecognised
 * number prefix), 7 number barred and 33 number deactivated say the number cannot be reached;
 * the rest (2 missing and 3 invalid parameters, 4 credentials, 8 account barred, 15 sender not
 * allowed, 29 destination not whitelisted on a demo account...) refuse this message.
 */
const TEMPORARY: ReadonlySet<string> = new Set(['1', '5', '9', '10'])
const BAD_NUMBER: ReadonlySet<string> = new Set(['6', '7', '33'])

export function vonageSendFailure(status: string, errorText: string | undefined): FailureVerdict {
  const reason = `vonage status ${status}: ${errorText ?? 'no error-text'}`
  if (TEMPORARY.has(status)) return retry(reason)
  return refuse(reason, BAD_NUMBER.has(status))
}
