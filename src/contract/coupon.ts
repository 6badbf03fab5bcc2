import * as z from 'zod/mini'
import { flag, id, instant, maybe, minorAmount, money, translatedText } from './common'

/**
 * docs/product/3-entities.md Coupon. `amount` is a percent (0-100) when reductionType is 'percentage', minor units
 * when it is 'amount'. An automatic coupon applies without a code.
 */
export const coupon = z
  .object({
    id,
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
  })
  .check(
    z.refine((c) => c.reductionType !== 'percentage' || c.amount <= 100, {
      message: 'a percentage is at most 100',
      path: ['amount'],
    }),
    // An automatic coupon applies to whoever fits, signed in or not (decision 013).
    z.refine((c) => !c.automatic || c.maxUsesPerCustomer === undefined, {
      message: 'an automatic coupon has no per-customer limit',
      path: ['maxUsesPerCustomer'],
    }),
  )
export type Coupon = z.infer<typeof coupon>

/** POST /api/coupons/apply: the server prices the lines and says what the code takes off. */
export const couponApplyRequest = z.object({
  code: z.string().check(z.minLength(1)),
  shopId: id,
  lines: z.array(z.object({ articleId: id, quantity: z.int().check(z.positive()) })),
})
export const couponApplyResponse = z.object({ coupon, discount: money, total: money })
