import * as z from 'zod/mini'
import { password, phone } from '#contract/auth'
import { email } from '#contract/common'

/**
 * Field rules of the account forms, from the contract's own schemas (what the API accepts), so a
 * form refuses exactly what the server would. Each rule answers a message key or undefined.
 */
export const PASSWORD_MIN = 8

export type FieldErrorKey =
  | 'form.required'
  | 'form.invalidEmail'
  | 'form.invalidPhone'
  | 'form.passwordTooShort'
  | 'form.passwordMismatch'
  | 'form.invalidCode'

const blank = (value: string) => value.trim() === ''

export function emailError(value: string): FieldErrorKey | undefined {
  if (blank(value)) return 'form.required'
  return z.safeParse(email, value.trim()).success ? undefined : 'form.invalidEmail'
}

export function phoneError(value: string, required = true): FieldErrorKey | undefined {
  if (blank(value)) return required ? 'form.required' : undefined
  return z.safeParse(phone, value.trim()).success ? undefined : 'form.invalidPhone'
}

export function passwordError(value: string): FieldErrorKey | undefined {
  if (value === '') return 'form.required'
  return z.safeParse(password, value).success ? undefined : 'form.passwordTooShort'
}

export function confirmError(value: string, confirm: string): FieldErrorKey | undefined {
  if (confirm === '') return 'form.required'
  return value === confirm ? undefined : 'form.passwordMismatch'
}

/** A verification code: six digits (spaces typed between them are ignored). */
export function codeError(value: string): FieldErrorKey | undefined {
  const digits = normaliseCode(value)
  if (digits === '') return 'form.required'
  return /^\d{6}$/.test(digits) ? undefined : 'form.invalidCode'
}

export function normaliseCode(value: string): string {
  return value.replace(/\s+/g, '')
}

export function requiredError(value: string): FieldErrorKey | undefined {
  return blank(value) ? 'form.required' : undefined
}

export type Errors<F extends string> = Partial<Record<F, FieldErrorKey>>

/** The errors of a whole form, without the fields that passed. */
export function collectErrors<F extends string>(
  checks: Record<F, FieldErrorKey | undefined>,
): Errors<F> {
  const out: Errors<F> = {}
  for (const key of Object.keys(checks) as F[]) {
    const error = checks[key]
    if (error) out[key] = error
  }
  return out
}

export const hasErrors = (errors: Errors<string>) => Object.keys(errors).length > 0

export interface RegisterDetails {
  email: string
  phone: string
  password: string
  confirm: string
}

/** docs/product/4-states.md registration step 1: phone, e-mail, password (typed twice). */
export function registerDetailsErrors(input: RegisterDetails): Errors<keyof RegisterDetails> {
  return collectErrors({
    email: emailError(input.email),
    phone: phoneError(input.phone),
    password: passwordError(input.password),
    confirm: confirmError(input.password, input.confirm),
  })
}
