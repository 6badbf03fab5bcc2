import { describe, expect, it } from 'vitest'
import {
  GIFT_MAX_AMOUNT,
  GIFT_MESSAGE_MAX,
  GIFT_MIN_AMOUNT,
  GIFT_PRESET_AMOUNTS,
  giftFormErrors,
  isEmailAddress,
  isGiftAmountAllowed,
  parseGiftAmount,
} from './gift-form'

describe('parseGiftAmount', () => {
  it('reads whole and decimal amounts with a comma or a point', () => {
    expect(parseGiftAmount('75')).toBe(7500)
    expect(parseGiftAmount('75,5')).toBe(7550)
    expect(parseGiftAmount(' 1 000.25 ')).toBe(100025)
    expect(parseGiftAmount('12.')).toBe(1200)
  })
  it('follows the currency precision', () => {
    expect(parseGiftAmount('75', 0)).toBe(75)
    expect(parseGiftAmount('75.5', 0)).toBeNull()
    expect(parseGiftAmount('1.234', 3)).toBe(1234)
  })
  it('refuses what is not a plain positive amount', () => {
    for (const text of ['', 'abc', '-5', '1,2,3', '10.123', '1e3']) {
      expect(parseGiftAmount(text)).toBeNull()
    }
  })
})

describe('isGiftAmountAllowed', () => {
  it('keeps the server bounds, and the presets are within them', () => {
    expect(isGiftAmountAllowed(GIFT_MIN_AMOUNT)).toBe(true)
    expect(isGiftAmountAllowed(GIFT_MAX_AMOUNT)).toBe(true)
    expect(isGiftAmountAllowed(GIFT_MIN_AMOUNT - 1)).toBe(false)
    expect(isGiftAmountAllowed(GIFT_MAX_AMOUNT + 1)).toBe(false)
    expect(isGiftAmountAllowed(1000.5)).toBe(false)
    expect(GIFT_PRESET_AMOUNTS.every(isGiftAmountAllowed)).toBe(true)
  })
})

describe('isEmailAddress', () => {
  it('accepts usual addresses and refuses broken ones', () => {
    expect(isEmailAddress('lea@example.com')).toBe(true)
    expect(isEmailAddress(' a.b+c@mail.example.fr ')).toBe(true)
    // what the server refuses, the form refuses too (the contract's schema)
    expect(isEmailAddress('inès.martin@example.com')).toBe(false)
    for (const text of ['', 'lea', 'lea@', 'lea@example', 'l ea@example.com', '@example.com']) {
      expect(isEmailAddress(text)).toBe(false)
    }
  })
})

describe('giftFormErrors', () => {
  const valid = {
    themeId: '951',
    amount: 5000,
    to: 'Léa',
    email: 'lea@example.com',
    message: '',
    shopId: '1',
  }
  it('is empty for a complete form', () => {
    expect(giftFormErrors(valid)).toEqual({})
  })
  it('names each missing or wrong field', () => {
    expect(
      giftFormErrors({
        themeId: null,
        amount: null,
        to: '  ',
        email: 'lea',
        message: 'x'.repeat(GIFT_MESSAGE_MAX + 1),
        shopId: null,
      }),
    ).toEqual({
      themeId: 'required',
      amount: 'amountInvalid',
      to: 'required',
      email: 'emailInvalid',
      message: 'messageTooLong',
      shopId: 'required',
    })
    expect(giftFormErrors({ ...valid, amount: 500, email: '' })).toEqual({
      amount: 'amountOutOfRange',
      email: 'required',
    })
  })
})
