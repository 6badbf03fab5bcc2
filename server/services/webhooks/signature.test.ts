import { describe, expect, it } from 'vitest'
import { sign, verifySignature } from './signature.ts'

describe('webhook signature', () => {
  const body = '{"host":"alpha.localhost","kind":"posts","id":"p1","action":"update"}'

  it('is the hex HMAC-SHA256 of the raw body', () => {
    // Reference value from `printf %s "$body" | openssl dgst -sha256 -hmac secret`.
    expect(sign('hello', 'secret')).toBe(
      '88aab3ede8d3adf94d26ab90d3bafd4a2083070c3bcce9c014ee04a443847c0b',
    )
    expect(verifySignature(body, sign(body, 'secret'), 'secret')).toBe(true)
    expect(verifySignature(Buffer.from(body), sign(body, 'secret').toUpperCase(), 'secret')).toBe(
      true,
    )
  })

  it('refuses a changed body, another secret, or a malformed signature', () => {
    const signature = sign(body, 'secret')
    expect(verifySignature(`${body} `, signature, 'secret')).toBe(false)
    expect(verifySignature(body, signature, 'other')).toBe(false)
    expect(verifySignature(body, signature.slice(2), 'secret')).toBe(false)
    expect(verifySignature(body, undefined, 'secret')).toBe(false)
    expect(verifySignature(body, signature, '')).toBe(false)
  })
})
