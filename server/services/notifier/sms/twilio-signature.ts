import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Twilio's request signature (https://www.twilio.com/docs/usage/webhooks/webhooks-security):
 * base64 HMAC-SHA1, keyed by the account's auth token, of the full URL Twilio called (scheme,
 * host, path, query) followed by every POST parameter, sorted by name, as name + value with no
 * separator. Sent as `X-Twilio-Signature`.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: ReadonlyArray<readonly [string, string]>,
): string {
  // by name, then value: a repeated name's values are signed sorted too (as twilio-node does)
  const sorted = [...params].sort(([a, x], [b, y]) => compare(a, b) || compare(x, y))
  const data = url + sorted.map(([name, value]) => name + value).join('')
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64')
}

/** Code-unit order, Twilio's "Unix-style case-sensitive" sort (not the locale's). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** The header matches, compared in constant time; a missing header never does. */
export function validTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: ReadonlyArray<readonly [string, string]>,
): boolean {
  if (!signature) return false
  const expected = Buffer.from(twilioSignature(authToken, url, params))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
