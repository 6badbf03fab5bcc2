import { parseGiftAmount } from '../gift/gift-form'
import { MAX_MINOR_AMOUNT } from '../money/bounds'
import { windowProblem } from './window'

/**
 * The studio's coupon form (docs/decisions/090-studio-marketing.md): what the owner typed, checked
 * by the rules the contract's couponBody applies on the server, so the form names the field
 * before anything is sent. Amounts are typed in major units and sent in minor units; a percent
 * is a whole number from 1 to 100.
 */
export interface CouponFormInput {
  readonly code: string
  readonly reductionType: 'percentage' | 'amount'
  readonly amount: string
  readonly minAmount: string
  readonly maxUses: string
  readonly maxUsesPerCustomer: string
  /** instants (ISO) or empty: no bound */
  readonly start: string
  readonly end: string
  readonly active: boolean
  readonly automatic: boolean
}

export type CouponFormField =
  | 'code'
  | 'amount'
  | 'minAmount'
  | 'maxUses'
  | 'maxUsesPerCustomer'
  | 'end'
export type CouponFormError =
  | 'required'
  | 'percentRange'
  | 'amountInvalid'
  | 'countInvalid'
  | 'endBeforeStart'
  | 'perCustomerAutomatic'
export type CouponFormErrors = Partial<Record<CouponFormField, CouponFormError>>

export interface CouponValues {
  readonly code?: string
  readonly reductionType: 'percentage' | 'amount'
  readonly amount: number
  readonly minAmount: number
  readonly maxUses?: number
  readonly maxUsesPerCustomer?: number
  readonly start?: string
  readonly end?: string
  readonly active: boolean
  readonly automatic: boolean
}

/** A whole percent from 1 to 100, or null. */
export function parsePercent(text: string): number | null {
  const match = /^\s*(\d{1,3})\s*%?\s*$/.exec(text)
  const value = match ? Number(match[1]) : Number.NaN
  return value >= 1 && value <= 100 ? value : null
}

/** A positive amount in minor units within the money bounds, or null. */
export function parseAmount(text: string, precision?: number): number | null {
  const minor = parseGiftAmount(text, precision)
  return minor !== null && minor > 0 && minor <= MAX_MINOR_AMOUNT ? minor : null
}

/** A count of uses: empty is no limit (undefined), else a whole number from 1, or null. */
function parseCount(text: string): number | undefined | null {
  if (text.trim() === '') return undefined
  const match = /^\s*(\d{1,7})\s*$/.exec(text)
  const value = match ? Number(match[1]) : 0
  return value >= 1 ? value : null
}

function amountOf(input: CouponFormInput, precision?: number): number | null {
  return input.reductionType === 'percentage'
    ? parsePercent(input.amount)
    : parseAmount(input.amount, precision)
}

/** What is wrong, field by field; empty when the coupon may be sent. */
export function couponFormErrors(input: CouponFormInput, precision?: number): CouponFormErrors {
  const errors: CouponFormErrors = {}
  if (!input.automatic && input.code.trim() === '') errors.code = 'required'
  if (amountOf(input, precision) === null) {
    errors.amount = input.reductionType === 'percentage' ? 'percentRange' : 'amountInvalid'
  }
  const min = input.minAmount.trim()
  if (min !== '' && min !== '0' && parseAmount(min, precision) === null) {
    errors.minAmount = 'amountInvalid'
  }
  if (parseCount(input.maxUses) === null) errors.maxUses = 'countInvalid'
  const perCustomer = parseCount(input.maxUsesPerCustomer)
  if (perCustomer === null) errors.maxUsesPerCustomer = 'countInvalid'
  else if (perCustomer !== undefined && input.automatic) {
    errors.maxUsesPerCustomer = 'perCustomerAutomatic'
  }
  if (windowProblem(input.start || undefined, input.end || undefined)) {
    errors.end = 'endBeforeStart'
  }
  return errors
}

/** The coupon to send, or undefined while the form has errors. */
export function couponValues(input: CouponFormInput, precision?: number): CouponValues | undefined {
  if (Object.keys(couponFormErrors(input, precision)).length > 0) return undefined
  const amount = amountOf(input, precision) ?? 0
  const min = input.minAmount.trim()
  const maxUses = parseCount(input.maxUses) ?? undefined
  const maxUsesPerCustomer = parseCount(input.maxUsesPerCustomer) ?? undefined
  const code = input.code.trim()
  return {
    ...(code ? { code } : {}),
    reductionType: input.reductionType,
    amount,
    minAmount: min === '' || min === '0' ? 0 : (parseAmount(min, precision) ?? 0),
    ...(maxUses === undefined ? {} : { maxUses }),
    ...(maxUsesPerCustomer === undefined ? {} : { maxUsesPerCustomer }),
    ...(input.start ? { start: input.start } : {}),
    ...(input.end ? { end: input.end } : {}),
    active: input.active,
    automatic: input.automatic,
  }
}
