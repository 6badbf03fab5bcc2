import * as z from 'zod/mini'
import { email } from '#contract/common'
import { normalizePrecision } from '../money/minor-units'

/**
 * Gift voucher purchase rules (docs/product/3-entities.md Gift, docs/product/5-rules.md). The server decides in the end (it prices the
 * voucher and answers 400 on anything out of bounds); these rules give the form its choices and
 * its messages before anything is sent.
 */

/** Bounds of a voucher, minor units: 10,00 to 1 000,00 (the server applies these too). */
export const GIFT_MIN_AMOUNT = 1_000
export const GIFT_MAX_AMOUNT = 100_000
/** The amounts offered as one-click choices, minor units. */
export const GIFT_PRESET_AMOUNTS: readonly number[] = [3_000, 5_000, 10_000, 15_000]
/** The message the voucher carries (contract giftPurchase.message). */
export const GIFT_MESSAGE_MAX = 1_000

/**
 * An amount typed by a person in the currency's major unit ('75', '75,50', '75.5') as minor
 * units, or null when it is not a plain positive decimal with at most `precision` decimals.
 */
export function parseGiftAmount(text: string, precision?: number): number | null {
  const p = normalizePrecision(precision)
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')
  const match = /^(\d{1,7})(?:\.(\d*))?$/.exec(compact)
  if (!match) return null
  const fraction = match[2] ?? ''
  if (fraction.length > p) return null
  const minor = Number(match[1]) * 10 ** p + Number(fraction.padEnd(p, '0') || '0')
  return Number.isSafeInteger(minor) ? minor : null
}

export function isGiftAmountAllowed(minor: number): boolean {
  return Number.isInteger(minor) && minor >= GIFT_MIN_AMOUNT && minor <= GIFT_MAX_AMOUNT
}

/** An e-mail address the API accepts: the contract's own schema, as the account forms use it. */
export function isEmailAddress(text: string): boolean {
  return z.safeParse(email, text.trim()).success
}

export interface GiftFormInput {
  themeId: string | null
  /** minor units, or null when the typed amount could not be read */
  amount: number | null
  to: string
  email: string
  message: string
  /** several shops: the shop the voucher is bought at must be chosen */
  shopId: string | null
}

export type GiftFormField = 'themeId' | 'amount' | 'to' | 'email' | 'message' | 'shopId'
export type GiftFormError =
  | 'required'
  | 'amountInvalid'
  | 'amountOutOfRange'
  | 'emailInvalid'
  | 'messageTooLong'

/** Field errors of the form, in the order the fields appear; empty when it can be sent. */
export function giftFormErrors(
  input: GiftFormInput,
): Partial<Record<GiftFormField, GiftFormError>> {
  const errors: Partial<Record<GiftFormField, GiftFormError>> = {}
  if (!input.themeId) errors.themeId = 'required'
  if (input.amount === null) errors.amount = 'amountInvalid'
  else if (!isGiftAmountAllowed(input.amount)) errors.amount = 'amountOutOfRange'
  if (!input.to.trim()) errors.to = 'required'
  if (!input.email.trim()) errors.email = 'required'
  else if (!isEmailAddress(input.email)) errors.email = 'emailInvalid'
  if (input.message.length > GIFT_MESSAGE_MAX) errors.message = 'messageTooLong'
  if (!input.shopId) errors.shopId = 'required'
  return errors
}
