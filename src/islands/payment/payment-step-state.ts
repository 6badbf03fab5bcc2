import type { PaymentProvider } from '#contract/booker-commerce'
import type { PaymentInitializeResponse, PaymentPayResponse } from '#contract/payment'
import type { AppliedCoupon } from '#domain/coupon/coupon-field'
import { payOutcome, returnUrlFor } from './outcome'
import type { PaymentFailure, PaymentSuccess } from './payment-step-props'

/**
 * The payment step's state (PaymentStep.tsx is its view, use-payment-step.ts its effects): a pure
 * reducer and the rules the view reads, unit-tested in Node (payment-step-state.test.ts).
 */
export type Phase = 'initializing' | 'initError' | 'ready' | 'paying' | 'done' | 'unavailable'
/** the provider's form: not mounted, loading its script, shown, or failed to load */
export type FormState = 'none' | 'loading' | 'ready' | 'error'

export interface PaymentStepState {
  phase: Phase
  init: PaymentInitializeResponse | null
  error: string | null
  form: FormState
}

export type PaymentStepAction =
  /** initialize is called (on mount, retry, a coupon removed) */
  | { type: 'initialize' }
  | { type: 'initialized'; init: PaymentInitializeResponse }
  | { type: 'initFailed'; message: string }
  /** a new payment of the cart (another coupon): its form is mounted again */
  | { type: 'renewed'; init: PaymentInitializeResponse }
  | { type: 'formCleared' }
  | { type: 'formLoading' }
  | { type: 'formReady' }
  | { type: 'formBroken'; message: string }
  | { type: 'paying' }
  | { type: 'failed'; message: string }
  | { type: 'error'; message: string | null }
  | { type: 'done' }

export function initialPaymentState(unavailable: boolean): PaymentStepState {
  return {
    phase: unavailable ? 'unavailable' : 'initializing',
    init: null,
    error: null,
    form: 'none',
  }
}

export function paymentStepReducer(
  state: PaymentStepState,
  action: PaymentStepAction,
): PaymentStepState {
  switch (action.type) {
    case 'initialize':
      return { ...state, phase: 'initializing', error: null, init: null }
    case 'initialized':
      return { ...state, init: action.init, phase: 'ready' }
    case 'initFailed':
      return { ...state, error: action.message, phase: 'initError' }
    case 'renewed':
      return { ...state, form: 'none', error: null, init: action.init, phase: 'ready' }
    case 'formCleared':
      return { ...state, form: 'none' }
    case 'formLoading':
      return { ...state, form: 'loading' }
    case 'formReady':
      return { ...state, form: 'ready' }
    case 'formBroken':
      return { ...state, form: 'error', error: action.message }
    case 'paying':
      return { ...state, phase: 'paying', error: null }
    case 'failed':
      return { ...state, error: action.message, phase: 'ready' }
    case 'error':
      return { ...state, error: action.message }
    case 'done':
      return { ...state, phase: 'done' }
  }
}

/** Nothing is charged online: the free provider, or a total of zero (decision 012). */
export function isFreePayment(
  provider: PaymentProvider,
  init: PaymentInitializeResponse | null,
): boolean {
  return provider === 'free' || (init !== null && init.prices.total.amount === 0)
}

/** The step's pay button waits while a form it submits (stripe's) is not shown yet. */
export function payDisabled(state: PaymentStepState, waitsForForm: boolean): boolean {
  return state.phase !== 'ready' || (waitsForForm && state.form !== 'ready')
}

/**
 * The discount line of the prices: the coupon field shows the coupon's own line, so with the
 * field the discount line says only the rest (vouchers).
 */
export function discountLine(
  init: PaymentInitializeResponse | null,
  withCouponField: boolean,
): { amount: number; vouchers: boolean } {
  const couponShown = withCouponField && init?.coupon ? init.coupon.discount.amount : 0
  return { amount: (init?.prices.discount.amount ?? 0) - couponShown, vouchers: couponShown > 0 }
}

/** What the coupon field shows after initialize applied the code `code`. */
export function appliedCoupon(
  response: PaymentInitializeResponse,
  code: string,
  initial: AppliedCoupon | null | undefined,
): AppliedCoupon {
  return {
    code: response.coupon?.code ?? code,
    // the cart's coupon keeps its name; the answer of initialize carries none
    name: initial?.code === response.coupon?.code ? (initial?.name ?? '') : '',
    discount: response.coupon?.discount.amount ?? 0,
    total: response.prices.total.amount,
  }
}

export interface PayerDeps {
  /** POST /api/payment/pay */
  pay(body: { cartId: string; paymentToken?: string }): Promise<PaymentPayResponse>
  /** location.assign */
  navigate(url: string): void
  /** the step's absolute return page */
  returnUrl: string
  succeeded(result: PaymentSuccess): void
  failed(report: Omit<PaymentFailure, 'message'> & { message: string | null }): void
}

/** Pays one cart and does what the answer says (docs/product/4-states.md Payment flow). */
export function createPayer(deps: PayerDeps) {
  return async (cartId: string, paymentToken: string | undefined): Promise<void> => {
    try {
      const response = await deps.pay(paymentToken ? { cartId, paymentToken } : { cartId })
      const outcome = payOutcome(response)
      switch (outcome.kind) {
        case 'succeeded':
          deps.succeeded(
            outcome.amountDue === undefined
              ? { cartId, orderId: outcome.orderId }
              : { cartId, orderId: outcome.orderId, amountDue: outcome.amountDue },
          )
          return
        case 'redirect':
          deps.navigate(outcome.url)
          return
        case 'pending':
          // the return page asks the provider once more (POST /api/payment/success/:id)
          deps.navigate(returnUrlFor(deps.returnUrl, cartId))
          return
        case 'failed':
          deps.failed({ cartId, errorType: outcome.errorType, message: outcome.message })
      }
    } catch {
      // docs/product/5-rules.md, docs/product/8-errors.md: a failed pay call is the generic payment error
      deps.failed({ cartId, errorType: 'api_error', message: null })
    }
  }
}
