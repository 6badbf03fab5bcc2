import type { Coupon } from '#contract/coupon'
import type { CouponFormInput } from '#domain/marketing/coupon-form'
import { toDecimalString } from '#domain/money/minor-units'

/** A fresh coupon form: a percent, on, no limit, no dates. */
export const emptyCoupon: CouponFormInput = {
  code: '',
  reductionType: 'percentage',
  amount: '',
  minAmount: '',
  maxUses: '',
  maxUsesPerCustomer: '',
  start: '',
  end: '',
  active: true,
  automatic: false,
}

/** A kept coupon as the form shows it: amounts in major units, counts as text. */
export function couponDraft(coupon: Coupon, precision: number): CouponFormInput {
  const amount =
    coupon.reductionType === 'percentage'
      ? String(coupon.amount)
      : toDecimalString(coupon.amount, precision)
  return {
    code: coupon.code ?? '',
    reductionType: coupon.reductionType,
    amount,
    minAmount: coupon.minAmount ? toDecimalString(coupon.minAmount, precision) : '',
    maxUses: coupon.maxUses === undefined ? '' : String(coupon.maxUses),
    maxUsesPerCustomer:
      coupon.maxUsesPerCustomer === undefined ? '' : String(coupon.maxUsesPerCustomer),
    start: coupon.start ?? '',
    end: coupon.end ?? '',
    active: coupon.active,
    automatic: coupon.automatic,
  }
}
