import { describe, expect, it } from 'vitest'
import { twilioSignature, validTwilioSignature } from './twilio-signature.ts'

// The worked example of https://www.twilio.com/docs/usage/webhooks/webhooks-security
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2'
const PARAMS: [string, string][] = [
  ['To', '+18005551212'],
  ['CallSid', 'CA1234567890ABCDE'],
  ['Digits', '1234'],
  ['From', '+12349013030'],
  ['Caller', '+12349013030'],
]
const SIGNED = '0/KCTR6DLpKmkAf8muzZqo1nDgQ='

describe('Twilio signature', () => {
  it("matches Twilio's published example, whatever order the fields came in", () => {
    expect(twilioSignature('12345', URL, PARAMS)).toBe(SIGNED)
    expect(validTwilioSignature('12345', SIGNED, URL, [...PARAMS].reverse())).toBe(true)
  })

  it('refuses another token, URL, value, a missing or truncated header', () => {
    expect(validTwilioSignature('54321', SIGNED, URL, PARAMS)).toBe(false)
    expect(validTwilioSignature('12345', SIGNED, 'https://mycompany.com/myapp.php', PARAMS)).toBe(
      false,
    )
    const tampered = PARAMS.map(([k, v]): [string, string] => [k, k === 'Digits' ? '9999' : v])
    expect(validTwilioSignature('12345', SIGNED, URL, tampered)).toBe(false)
    expect(validTwilioSignature('12345', undefined, URL, PARAMS)).toBe(false)
    expect(validTwilioSignature('12345', SIGNED.slice(0, -1), URL, PARAMS)).toBe(false)
  })
})
