import { describe, expect, it } from 'vitest'
import { isServicePaymentOn } from './service-payment'

describe('service payment on (docs/product/6-roles.md)', () => {
  it('on when appointment.payment.active is set', () => {
    expect(isServicePaymentOn({ booker: { appointment: { payment: { active: true } } } })).toBe(
      true,
    )
  })

  it('off when the flag is false or missing at any level', () => {
    expect(isServicePaymentOn({ booker: { appointment: { payment: { active: false } } } })).toBe(
      false,
    )
    expect(isServicePaymentOn({ booker: { appointment: { payment: null } } })).toBe(false)
    expect(isServicePaymentOn({ booker: { appointment: {} } })).toBe(false)
    expect(isServicePaymentOn({ booker: {} })).toBe(false)
    expect(isServicePaymentOn({})).toBe(false)
    expect(isServicePaymentOn(null)).toBe(false)
  })
})
