import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * The transient state of a social sign-in (state, nonce, PKCE verifier, where to come back) and
 * the hand-off of its result live in the visitor's browser, never in the memory of one API
 * process: several instances may serve the start and the callback. The cookies are sealed with
 * AES-256-GCM (read and changed by nobody but the API), under a key derived from
 * NOTIFICATION_KEY, which every instance shares and production requires
 * (docs/decisions/031-social-sign-in-oidc.md). Each sealed value names its purpose and expiry,
 * so a value of one kind is never accepted as another, nor after its time.
 */
const IV_BYTES = 12
const TAG_BYTES = 16

export type SealPurpose = 'oidc-flow' | 'oidc-result'

function keyFor(secret: Buffer, purpose: SealPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', `storefront ${purpose} cookie`, 32))
}

export function seal(
  secret: Buffer,
  purpose: SealPurpose,
  value: object,
  ttlMs: number,
  now = Date.now(),
): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv)
  const plain = JSON.stringify({ ...value, purpose, exp: now + ttlMs })
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
}

/** The sealed object, or undefined when it was altered, is of another purpose or has expired. */
export function unseal(
  secret: Buffer,
  purpose: SealPurpose,
  sealed: string | undefined,
  now = Date.now(),
): Record<string, unknown> | undefined {
  if (!sealed || sealed.length > 4096) return undefined
  const bytes = Buffer.from(sealed, 'base64url')
  if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyFor(secret, purpose),
      bytes.subarray(0, IV_BYTES),
    )
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    const plain = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8')
    const value = JSON.parse(plain) as unknown
    if (typeof value !== 'object' || value === null) return undefined
    const record = value as Record<string, unknown>
    if (record.purpose !== purpose || typeof record.exp !== 'number' || record.exp <= now) {
      return undefined
    }
    return record
  } catch {
    return undefined
  }
}
