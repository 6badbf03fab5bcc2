import { describe, expect, it } from 'vitest'
import {
  codeError,
  confirmError,
  emailError,
  hasErrors,
  passwordError,
  phoneError,
  registerDetailsErrors,
} from './validation'

describe('account field rules', () => {
  it('e-mail: required, then a valid address', () => {
    expect(emailError('')).toBe('form.required')
    expect(emailError('camille')).toBe('form.invalidEmail')
    expect(emailError(' camille@example.com ')).toBeUndefined()
  })

  it('phone: required (unless optional), digits with spaces, dots, dashes and +', () => {
    expect(phoneError('')).toBe('form.required')
    expect(phoneError('', false)).toBeUndefined()
    expect(phoneError('06 12 34 56 78')).toBeUndefined()
    expect(phoneError('+33612345678')).toBeUndefined()
    expect(phoneError('call me')).toBe('form.invalidPhone')
  })

  it('password: at least 8 characters, typed twice the same', () => {
    expect(passwordError('')).toBe('form.required')
    expect(passwordError('short')).toBe('form.passwordTooShort')
    expect(passwordError('long enough')).toBeUndefined()
    expect(confirmError('long enough', '')).toBe('form.required')
    expect(confirmError('long enough', 'long enougj')).toBe('form.passwordMismatch')
    expect(confirmError('long enough', 'long enough')).toBeUndefined()
  })

  it('codes are six digits, spaces ignored', () => {
    expect(codeError('')).toBe('form.required')
    expect(codeError('12345')).toBe('form.invalidCode')
    expect(codeError('12a456')).toBe('form.invalidCode')
    expect(codeError('123 456')).toBeUndefined()
  })

  it('registration step 1 reports every failing field and only those', () => {
    const errors = registerDetailsErrors({
      email: 'x',
      phone: '0612345678',
      password: 'short',
      confirm: 'other',
    })
    expect(errors).toEqual({
      email: 'form.invalidEmail',
      password: 'form.passwordTooShort',
      confirm: 'form.passwordMismatch',
    })
    expect(hasErrors(errors)).toBe(true)
    const ok = registerDetailsErrors({
      email: 'a@b.example',
      phone: '0612345678',
      password: 'long enough',
      confirm: 'long enough',
    })
    expect(hasErrors(ok)).toBe(false)
  })
})
