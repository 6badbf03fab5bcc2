import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Publish webhooks are signed with HMAC-SHA256 of the raw body and a shared secret, sent as
 * lowercase hex in the `x-signature` header. The serve script verifies with verifySignature
 * before it queues a rebuild. Node only (node:crypto): the API and the scripts import it.
 */
export const SIGNATURE_HEADER = 'x-signature'

export function sign(body: string | Uint8Array, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex')
}

/** Constant-time check; a missing or malformed signature is simply false. */
export function verifySignature(
  body: string | Uint8Array,
  signature: string | null | undefined,
  secret: string,
): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature) || secret === '') return false
  const expected = Buffer.from(sign(body, secret), 'hex')
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'))
}
