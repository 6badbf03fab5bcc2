import { describe, expect, it } from 'vitest'
import {
  VONAGE_SIGNATURE_METHODS,
  type VonageSignatureMethod,
  verifyVonageSignature,
  vonageSignature,
} from './vonage-signature.ts'

// The vectors of Vonage's Node SDK (packages/sms/__tests__/__dataSets__/signature.ts).
const PARAMS = {
  'message-timestamp': '2013-11-21 15:27:30',
  messageId: '020000001B0FE827',
  msisdn: '14843472194',
  text: 'Test again',
  timestamp: '1385047698',
  to: '13239877404',
  type: 'text',
}
const SECRET = 'my_secret_key_for_testing'
const VECTORS: Record<VonageSignatureMethod, string> = {
  md5hash: 'd2e7b1dc968737c5998ad624e02f90b7',
  md5: 'DDEBD46008C2D4E93CCE578A332A52D5',
  sha1: '27D0D05C2876C7CB1720DBCDBA4D492E1E55C09A',
  sha256: 'DDB8397C2B90AAC7F3882D306475C9A5058C92322EEF43C92B298B6E0FC0D330',
  sha512:
    'E0D3C650F8C9D1A5C174D10DDDBFB003E561F59B265616208B0487C5D819481CD3C311D59CF6165ECD1139622D5BA3A256C0D763AC4A9AD9144B5A426B94FE82',
}
const SENT_AT = 1385047698

describe('Vonage signature', () => {
  it.each(VONAGE_SIGNATURE_METHODS)("matches Vonage's SDK vector with %s", (method) => {
    expect(vonageSignature(SECRET, method, PARAMS).toUpperCase()).toBe(
      VECTORS[method].toUpperCase(),
    )
    const signed = { ...PARAMS, sig: VECTORS[method] }
    expect(verifyVonageSignature(SECRET, method, signed, SENT_AT + 10)).toBe('valid')
  })

  it('refuses unsigned, forged and replayed receipts', () => {
    const sig = VECTORS.md5hash
    expect(verifyVonageSignature(SECRET, 'md5hash', PARAMS, SENT_AT)).toBe('unsigned')
    expect(verifyVonageSignature('other', 'md5hash', { ...PARAMS, sig }, SENT_AT)).toBe('forged')
    expect(verifyVonageSignature(SECRET, 'sha256', { ...PARAMS, sig }, SENT_AT)).toBe('forged')
    const tampered = { ...PARAMS, text: 'Test agaiN', sig }
    expect(verifyVonageSignature(SECRET, 'md5hash', tampered, SENT_AT)).toBe('forged')
    // genuine, but more than five minutes old (or from the future)
    expect(verifyVonageSignature(SECRET, 'md5hash', { ...PARAMS, sig }, SENT_AT + 301)).toBe(
      'stale',
    )
    expect(verifyVonageSignature(SECRET, 'md5hash', { ...PARAMS, sig }, SENT_AT - 301)).toBe(
      'stale',
    )
  })

  it('replaces & and = inside values, as Vonage does before signing', () => {
    const a = vonageSignature(SECRET, 'sha256', { text: 'a&b=c' })
    expect(a).toBe(vonageSignature(SECRET, 'sha256', { text: 'a_b_c' }))
  })
})
