import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/**
 * The secret of a message (a code, a reset token, a voucher code) at rest in the outbox:
 * AES-256-GCM with a random 96-bit IV, bound to the message's channel and recipient (the
 * additional data), so a sealed secret copied onto another row does not open there, and a
 * changed byte is refused (docs/decisions/018-secrets-in-messages.md).
 * Stored as `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */

const VERSION = 'v1'

export function sealSecret(key: Buffer, secret: string, context: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(context, 'utf8'))
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  const parts = [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url'))
  return [VERSION, ...parts].join('.')
}

/** The secret, or an error when the key, the context or any byte differs. */
export function unsealSecret(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, data, extra] = sealed.split('.')
  if (version !== VERSION || !iv || !tag || data === undefined || extra !== undefined) {
    throw new Error('not a sealed secret')
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(context, 'utf8'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8')
}

/** What a sealed secret is bound to: the channel and the recipient of its message. */
export const sealContext = (channel: string, recipient: string) => `${channel}:${recipient}`

/**
 * The key every development and test run shares when NOTIFICATION_KEY is unset (refused in
 * production, server/config.ts). Known to anyone who reads this file: it protects nothing.
 */
export const DEVELOPMENT_NOTIFICATION_KEY = createHash('sha256')
  .update('storefront development notification key')
  .digest()

/** NOTIFICATION_KEY: 32 bytes, as 64 hex digits or base64 (url-safe or not); else a startup error. */
export function parseNotificationKey(value: string): Buffer {
  const text = value.trim()
  const key = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64')
      : undefined
  if (key?.length !== 32) {
    throw new Error('NOTIFICATION_KEY must be 32 bytes, as 64 hex digits or base64')
  }
  return key
}
