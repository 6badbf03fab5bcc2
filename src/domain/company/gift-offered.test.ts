import { describe, expect, it } from 'vitest'
import { isGiftOffered } from './gift-offered'

const theme = { id: 1, name: 'Noël' }
const company = (booker: object) => ({ booker })

describe('gift vouchers offered (docs/product/5-rules.md, docs/product/6-roles.md)', () => {
  it('offered with the gift option, a theme and payment enabled', () => {
    expect(isGiftOffered(company({ gift: true, gifts: { themes: [theme] } }))).toBe(true)
    const paypal = { provider: 'paypal', keys: { publicKey: 'client-1' } }
    expect(
      isGiftOffered(company({ gift: true, gifts: { themes: [theme] }, payment: paypal })),
    ).toBe(true)
  })

  it('not offered when the gift option is off', () => {
    for (const gift of [false, undefined, null]) {
      expect(isGiftOffered(company({ gift, gifts: { themes: [theme] } }))).toBe(false)
    }
  })

  it('not offered without any gift theme', () => {
    expect(isGiftOffered(company({ gift: true, gifts: { themes: [] } }))).toBe(false)
    expect(isGiftOffered(company({ gift: true, gifts: null }))).toBe(false)
    expect(isGiftOffered(company({ gift: true }))).toBe(false)
  })

  it('not offered when payment is not enabled', () => {
    const stripe = { provider: 'stripe', keys: { publicKey: '' } }
    expect(
      isGiftOffered(company({ gift: true, gifts: { themes: [theme] }, payment: stripe })),
    ).toBe(false)
    expect(isGiftOffered(undefined)).toBe(false)
  })
})
