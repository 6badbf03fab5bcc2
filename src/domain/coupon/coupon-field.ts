/**
 * The coupon code field of the carts and the payment step (docs/product/5-rules.md#coupons): its
 * states and the server's refusals as the field names them. Pure; the view
 * (src/islands/shared/CouponField.tsx) only renders a state and sends events. Amounts are the
 * server's, minor units.
 */

/**
 * Why a code is not taken: 'empty' (a blank field, nothing was sent), or the words of the
 * server's refusal, which the storefront's error vocabulary gives (src/i18n/error-messages.ts,
 * screen 'coupon': unknown, expired, not for this cart, used up, sign in, too many tries).
 * `K` is the type of those words (the catalog keys in the islands).
 */
export type CouponRefusal<K extends string = string> = 'empty' | K

export interface AppliedCoupon {
  /** the code as the server knows it (its own case) */
  readonly code: string
  /** the coupon's name in the page's language; empty when it has none */
  readonly name: string
  /** what it takes off, minor units */
  readonly discount: number
  /** the total after it, minor units */
  readonly total: number
}

export type CouponFieldState<K extends string = string> =
  | { readonly status: 'idle'; readonly input: string }
  | { readonly status: 'applying'; readonly input: string }
  | { readonly status: 'applied'; readonly input: string; readonly applied: AppliedCoupon }
  | { readonly status: 'refused'; readonly input: string; readonly refusal: CouponRefusal<K> }

export type CouponFieldEvent<K extends string = string> =
  | { readonly type: 'typed'; readonly input: string }
  | { readonly type: 'submitted' }
  | { readonly type: 'accepted'; readonly applied: AppliedCoupon }
  | { readonly type: 'refused'; readonly refusal: K }
  | { readonly type: 'removed' }

export const initialCouponField = <K extends string = string>(
  applied?: AppliedCoupon | null,
): CouponFieldState<K> =>
  applied ? { status: 'applied', input: applied.code, applied } : { status: 'idle', input: '' }

/** The code to send, or null when there is nothing to send (a blank field). */
export function codeOf(input: string): string | null {
  const code = input.trim()
  return code === '' ? null : code
}

/**
 * The next state. Submitting a blank field is refused at once ('empty', nothing is sent);
 * while applying, a second submit is ignored (one request at a time); typing after a refusal
 * clears it; an answer only lands while applying (a late answer after "remove" is dropped).
 */
export function couponFieldReducer<K extends string = string>(
  state: CouponFieldState<K>,
  event: CouponFieldEvent<K>,
): CouponFieldState<K> {
  switch (event.type) {
    case 'typed':
      if (state.status === 'applying' || state.status === 'applied') return state
      return { status: 'idle', input: event.input }
    case 'submitted':
      if (state.status === 'applying' || state.status === 'applied') return state
      return codeOf(state.input) === null
        ? { status: 'refused', input: state.input, refusal: 'empty' }
        : { status: 'applying', input: state.input }
    case 'accepted':
      return state.status === 'applying'
        ? { status: 'applied', input: event.applied.code, applied: event.applied }
        : state
    case 'refused':
      return state.status === 'applying'
        ? { status: 'refused', input: state.input, refusal: event.refusal }
        : state
    case 'removed':
      return { status: 'idle', input: '' }
  }
}

/** What POST /api/coupons/apply answers, as much as the field reads of it. */
export interface CouponApplyAnswer {
  readonly coupon: {
    readonly code?: string | null | undefined
    readonly name?: Readonly<Record<string, string | undefined>> | undefined
  }
  readonly discount: { readonly amount: number }
  readonly total: { readonly amount: number }
}

/** The applied coupon of the server's answer, named in `locale` (else the first name it has). */
export function appliedFrom(
  answer: CouponApplyAnswer,
  typed: string,
  locale: string,
): AppliedCoupon {
  const names = answer.coupon.name ?? {}
  const name = names[locale] ?? Object.values(names).find((text) => text) ?? ''
  return {
    code: answer.coupon.code ?? typed.trim(),
    name,
    discount: answer.discount.amount,
    total: answer.total.amount,
  }
}
