import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  DEVELOPMENT_NOTIFICATION_KEY,
  parseNotificationKey,
  sealContext,
  sealSecret,
  unsealSecret,
} from './seal.ts'

const key = randomBytes(32)
const context = sealContext('sms', '+33612345678')

/** `sealed` with one character of part `index` (1 iv, 2 tag, 3 ciphertext) changed. */
function tamper(sealed: string, index: number): string {
  const parts = sealed.split('.')
  const part = parts[index] ?? ''
  parts[index] = `${part[0] === 'A' ? 'B' : 'A'}${part.slice(1)}`
  return parts.join('.')
}

describe('sealed secrets (decision 018)', () => {
  it('opens with the key and context it was sealed with, and never shows the secret', () => {
    const sealed = sealSecret(key, '482913', context)
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(sealed).not.toContain('482913')
    expect(unsealSecret(key, sealed, context)).toBe('482913')
    // a random IV each time: the same code twice is not recognisable in the table
    expect(sealSecret(key, '482913', context)).not.toBe(sealed)
  })

  it('refuses a changed IV, tag or ciphertext, another key, another recipient', () => {
    const sealed = sealSecret(key, 'https://x/reset/token', context)
    for (const index of [1, 2, 3]) {
      expect(() => unsealSecret(key, tamper(sealed, index), context)).toThrow()
    }
    expect(() => unsealSecret(randomBytes(32), sealed, context)).toThrow()
    expect(() => unsealSecret(key, sealed, sealContext('sms', '+33600000000'))).toThrow()
    expect(() => unsealSecret(key, 'v2.a.b.c', context)).toThrow('not a sealed secret')
    expect(() => unsealSecret(key, `${sealed}.x`, context)).toThrow('not a sealed secret')
  })

  it('reads NOTIFICATION_KEY as 32 bytes in hex or base64, nothing else', () => {
    const raw = randomBytes(32)
    expect(parseNotificationKey(raw.toString('hex'))).toEqual(raw)
    expect(parseNotificationKey(raw.toString('base64'))).toEqual(raw)
    expect(parseNotificationKey(raw.toString('base64url'))).toEqual(raw)
    for (const bad of [
      '',
      'short',
      raw.toString('hex').slice(2),
      randomBytes(16).toString('base64'),
    ]) {
      expect(() => parseNotificationKey(bad)).toThrow(/NOTIFICATION_KEY must be 32 bytes/)
    }
    expect(DEVELOPMENT_NOTIFICATION_KEY).toHaveLength(32)
  })
})
