import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Vonage's signed webhooks (https://developer.vonage.com/getting-started/concepts/signing-messages,
 * "Manually generate a signature", and the `verifySignature` of its Node SDK, @vonage/sms): every
 * parameter but `sig`, sorted by name, written `&name=value` with `&` and `=` inside values
 * replaced by `_`; then either the MD5 of that string followed by the signature secret ("MD5
 * hash", the default) or its HMAC keyed by the secret (MD5, SHA-1, SHA-256, SHA-512 HMAC), in
 * hex. The method is chosen in the Vonage dashboard, so it is configuration here
 * (VONAGE_SIGNATURE_METHOD).
 */
export const VONAGE_SIGNATURE_METHODS = ['md5hash', 'md5', 'sha1', 'sha256', 'sha512'] as const
export type VonageSignatureMethod = (typeof VONAGE_SIGNATURE_METHODS)[number]

export function isVonageSignatureMethod(value: string): value is VonageSignatureMethod {
  return (VONAGE_SIGNATURE_METHODS as readonly string[]).includes(value)
}

export function vonageSignature(
  secret: string,
  method: VonageSignatureMethod,
  params: Readonly<Record<string, string>>,
): string {
  const signed = Object.keys(params)
    .filter((name) => name !== 'sig')
    .sort()
    .map((name) => `&${name}=${(params[name] ?? '').replace(/[&=]/g, '_')}`)
    .join('')
  if (method === 'md5hash')
    return createHash('md5')
      .update(signed + secret)
      .digest('hex')
  return createHmac(method, secret).update(signed).digest('hex')
}

/** How far a webhook's `timestamp` may be from now: the window Vonage applies to requests. */
export const VONAGE_MAX_SKEW_SECONDS = 5 * 60

export type VonageVerdict = 'valid' | 'unsigned' | 'stale' | 'forged'

/**
 * Whether a webhook is Vonage's and fresh. The timestamp is signed with the rest, so a receipt
 * replayed later than five minutes is refused even with its genuine signature.
 */
export function verifyVonageSignature(
  secret: string,
  method: VonageSignatureMethod,
  params: Readonly<Record<string, string>>,
  nowSeconds: number,
): VonageVerdict {
  const sig = params.sig
  if (!sig) return 'unsigned'
  const expected = Buffer.from(vonageSignature(secret, method, params).toLowerCase())
  const given = Buffer.from(sig.toLowerCase())
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged'
  return isFreshVonageTimestamp(params.timestamp, nowSeconds) ? 'valid' : 'stale'
}

export function isFreshVonageTimestamp(timestamp: string | undefined, nowSeconds: number): boolean {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false
  return Math.abs(nowSeconds - Number(timestamp)) <= VONAGE_MAX_SKEW_SECONDS
}
