import { describe, expect, it } from 'vitest'
import { decimalAmount, field, minorUnits } from './http.ts'

describe('amounts for providers that take decimals', () => {
  it('writes minor units as decimals of the currency precision', () => {
    expect(decimalAmount(4250, 2)).toBe('42.50')
    expect(decimalAmount(5, 2)).toBe('0.05')
    expect(decimalAmount(0, 2)).toBe('0.00')
    expect(decimalAmount(1234, 0)).toBe('1234')
    expect(decimalAmount(1234, 3)).toBe('1.234')
  })

  it('reads them back exactly, and refuses what is not an amount', () => {
    expect(minorUnits('42.50', 2)).toBe(4250)
    expect(minorUnits('42.5', 2)).toBe(4250)
    expect(minorUnits('42', 2)).toBe(4200)
    expect(minorUnits('0.10', 2)).toBe(10)
    expect(minorUnits('1.005', 2)).toBeNaN()
    expect(minorUnits('-1.00', 2)).toBeNaN()
    expect(minorUnits('abc', 2)).toBeNaN()
  })

  it('reads nested provider JSON without casts', () => {
    const body = { purchase_units: [{ payments: { captures: [{ id: 'c1' }] } }] }
    expect(field(body, 'purchase_units', 0, 'payments', 'captures', 0, 'id')).toBe('c1')
    expect(field(body, 'purchase_units', 1, 'payments')).toBeUndefined()
    expect(field(null, 'a')).toBeUndefined()
  })
})
