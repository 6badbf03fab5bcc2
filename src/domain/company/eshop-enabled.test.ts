import { describe, expect, it } from 'vitest'
import { isEshopEnabled } from './eshop-enabled'

/** products.active on unless the case says otherwise: the rules below are the others' */
const company = (booker: object) => ({ booker: { products: { active: true }, ...booker } })

describe('e-shop enabled (docs/product/6-roles.md)', () => {
  it('enabled with payment configured, a provider other than monetico and eshopEnabled', () => {
    expect(
      isEshopEnabled(
        company({
          eshopEnabled: true,
          payment: { provider: 'paypal', keys: { publicKey: 'client-1' } },
        }),
      ),
    ).toBe(true)
    expect(isEshopEnabled(company({ eshopEnabled: true, payment: { provider: 'free' } }))).toBe(
      true,
    )
    const stripe = { provider: 'stripe', keys: { publicKey: 'pk' } }
    expect(isEshopEnabled(company({ eshopEnabled: true, payment: stripe }))).toBe(true)
  })

  it('disabled with monetico', () => {
    expect(isEshopEnabled(company({ eshopEnabled: true, payment: { provider: 'monetico' } }))).toBe(
      false,
    )
  })

  it('disabled unless eshopEnabled is true', () => {
    for (const eshopEnabled of [false, undefined, null]) {
      expect(isEshopEnabled(company({ eshopEnabled, payment: { provider: 'paypal' } }))).toBe(false)
    }
  })

  it('disabled without payment settings or with a provider that cannot take payments', () => {
    expect(isEshopEnabled(company({ eshopEnabled: true }))).toBe(false)
    expect(isEshopEnabled(company({ eshopEnabled: true, payment: null }))).toBe(false)
    expect(isEshopEnabled(company({ eshopEnabled: true, payment: { provider: 'stripe' } }))).toBe(
      false,
    )
    expect(isEshopEnabled(undefined)).toBe(false)
    expect(isEshopEnabled({})).toBe(false)
  })

  it('docs/decisions/063-last-partial-rows-of-the-api.md: disabled unless products.active is true', () => {
    const open = { eshopEnabled: true, payment: { provider: 'free' } }
    expect(isEshopEnabled(company(open))).toBe(true)
    for (const products of [{ active: false }, { active: null }, {}, null, undefined]) {
      expect(isEshopEnabled(company({ ...open, products })), JSON.stringify(products)).toBe(false)
    }
  })
})
