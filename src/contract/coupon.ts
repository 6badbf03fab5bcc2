import * as z from 'zod/mini'
import { flag, id, instant, maybe, minorAmount, money, translatedText } from './common'

/**
 * docs/product/3-entities.md Coupon. `amount` is a percent (0-100) when reductionType is 'percentage', minor units
 * when it is 'amount'. An automatic coupon applies without a code.
 */
const couponFields = {
  code: maybe(z.string().check(z.minLength(1))),
  name: z._default(translatedText, {}),
  reductionType: z.enum(['percentage', 'amount']),
  amount: minorAmount,
  automatic: flag(false),
  active: flag(true),
  /** the cart total (minor units) from which it applies */
  minAmount: z._default(minorAmount, 0),
  /** shown in the home pop-up's word cloud instead of the amount (docs/product/2-screens.md) */
  word: maybe(z.string()),
  start: maybe(instant),
  end: maybe(instant),
  /** services it applies to; empty means all */
  serviceIds: z._default(z.array(id), []),
  /** how many carts may use it in all; absent: unlimited (decision 013) */
  maxUses: maybe(z.int().check(z.positive())),
  /** how many carts one signed-in customer may use it for; absent: unlimited (decision 013) */
  maxUsesPerCustomer: maybe(z.int().check(z.positive())),
}

type CouponFields = {
  reductionType: 'percentage' | 'amount'
  amount: number
  automatic: boolean
  maxUsesPerCustomer?: number | undefined
}

const percentAtMost100 = z.refine<CouponFields>(
  (c) => c.reductionType !== 'percentage' || c.amount <= 100,
  {
    message: 'a percentage is at most 100',
    path: ['amount'],
  },
)
// An automatic coupon applies to whoever fits, signed in or not (decision 013).
const automaticUnlimitedPerCustomer = z.refine<CouponFields>(
  (c) => !c.automatic || c.maxUsesPerCustomer === undefined,
  { message: 'an automatic coupon has no per-customer limit', path: ['maxUsesPerCustomer'] },
)

export const coupon = z
  .object({ id, ...couponFields })
  .check(percentAtMost100, automaticUnlimitedPerCustomer)
export type Coupon = z.infer<typeof coupon>

/**
 * POST /api/coupons and PUT /api/coupons/:id (the owner's, docs/decisions/090-studio-marketing.md):
 * a written coupon also has a code unless automatic, and a window whose end follows its start
 * (rows written before keep parsing as `coupon`: the rule binds new writes).
 */
export const couponBody = z.object(couponFields).check(
  percentAtMost100,
  automaticUnlimitedPerCustomer,
  z.refine((c) => c.amount > 0, { message: 'a coupon takes something off', path: ['amount'] }),
  z.refine((c) => c.automatic || (c.code ?? '').trim() !== '', {
    message: 'a coupon that is not automatic needs a code',
    path: ['code'],
  }),
  z.refine((c) => !c.start || !c.end || Date.parse(c.start) < Date.parse(c.end), {
    message: 'end must be after start',
    path: ['end'],
  }),
)
export type CouponBody = z.infer<typeof couponBody>

/** POST /api/coupons/apply: the server prices the lines and says what the code takes off. */
export const couponApplyRequest = z.object({
  code: z.string().check(z.minLength(1)),
  shopId: id,
  lines: z.array(z.object({ articleId: id, quantity: z.int().check(z.positive()) })),
})
export const couponApplyResponse = z.object({ coupon, discount: money, total: money })
