import { describe, expect, it } from 'vitest'
import { fromMinorUnits, normalizePrecision, toDecimalString, toMinorUnits } from './minor-units'

describe('money in minor units (docs/product/3-entities.md prices, docs/product/9-constants.md precision 2)', () => {
  it('converts a decimal amount to integer cents', () => {
    expect(toMinorUnits(12.5)).toBe(1250)
    expect(toMinorUnits(0)).toBe(0)
    expect(toMinorUnits(45)).toBe(4500)
  })

  it('rounds half away from zero without binary float drift', () => {
    expect(toMinorUnits(1.005)).toBe(101)
    expect(toMinorUnits(0.1 + 0.2)).toBe(30)
    expect(toMinorUnits(19.99)).toBe(1999)
    expect(toMinorUnits(-1.005)).toBe(-101)
    expect(toMinorUnits(-0.001)).toBe(0)
  })

  it('honours another precision and falls back to 2 on bad precision', () => {
    expect(toMinorUnits(12.5, 0)).toBe(13)
    expect(toMinorUnits(1.2345, 3)).toBe(1235)
    expect(toMinorUnits(12.5, -1)).toBe(1250)
    expect(toMinorUnits(12.5, 1.5)).toBe(1250)
    expect(normalizePrecision(undefined)).toBe(2)
    expect(normalizePrecision(null)).toBe(2)
    expect(normalizePrecision(7)).toBe(2)
  })

  it('unreadable amounts count as zero rather than NaN', () => {
    expect(toMinorUnits(Number.NaN)).toBe(0)
    expect(toMinorUnits(Number.POSITIVE_INFINITY)).toBe(0)
  })

  it('tiny amounts written in exponent form still convert', () => {
    expect(toMinorUnits(1e-7)).toBe(0)
    expect(toMinorUnits(1e21)).toBe(1e23)
  })

  it('converts minor units back to decimals', () => {
    expect(fromMinorUnits(1250)).toBe(12.5)
    expect(fromMinorUnits(101)).toBe(1.01)
    expect(fromMinorUnits(1235, 3)).toBe(1.235)
  })

  it('minor units become exact decimal text for payment SDKs (PayPal in EUR)', () => {
    expect(toDecimalString(1250)).toBe('12.50')
    expect(toDecimalString(5)).toBe('0.05')
    expect(toDecimalString(0)).toBe('0.00')
    expect(toDecimalString(-101)).toBe('-1.01')
    expect(toDecimalString(123456789012345)).toBe('1234567890123.45')
    expect(toDecimalString(1250, 0)).toBe('1250')
    expect(toDecimalString(1235, 3)).toBe('1.235')
    expect(toDecimalString(Number.NaN)).toBe('0.00')
  })
})
