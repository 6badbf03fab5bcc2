import { useCallback, useEffect, useReducer, useRef } from 'react'
import type { PaymentInitializeResponse } from '#contract/payment'
import type { AppliedCoupon } from '#domain/coupon/coupon-field'
import { errorMessage, paymentFailureMessage } from '#i18n/error-messages'
import type { AppTranslator } from '#i18n/messages'
import { confirmPurchase, notePurchase } from '#stores/purchase'
import { islandApi } from '../shared/island-api'
import { PAYMENT_ADAPTERS } from './adapters'
import type { PaymentHooks, ProviderSession } from './adapters/types'
import type { PaymentFailure, PaymentStepProps } from './payment-step-props'
import {
  appliedCoupon,
  createPayer,
  initialPaymentState,
  isFreePayment,
  paymentStepReducer,
} from './payment-step-state'
import { createSalonMessageSaver } from './salon-message'

type Report = Omit<PaymentFailure, 'message'> & { message: string | null }

/**
 * The payment step's effects (docs/product/4-states.md Payment flow): initialize, the provider's adapter
 * (adapters/, chosen by name; the free one for a payment of nothing), pay. State in
 * payment-step-state.ts; provider scripts load in the adapters, only once initialize answered.
 */
export function usePaymentStep(props: PaymentStepProps, t: AppTranslator) {
  const { provider, initialize, onSuccess, onFail } = props
  const returnUrl =
    typeof location === 'undefined' ? props.returnUrl : new URL(props.returnUrl, location.href).href
  const key = props.publicKey?.trim() ?? ''
  const named = PAYMENT_ADAPTERS[provider]
  const unavailable = named.needsKey && key === ''
  const [state, dispatch] = useReducer(paymentStepReducer, unavailable, initialPaymentState)
  const { phase, init, form } = state
  const formRef = useRef<HTMLDivElement>(null)
  const session = useRef<ProviderSession | null>(null)
  // docs/product/5-rules.md#coupons: the coupon code every initialize sends (the cart's, then the
  // field's)
  const initialCoupon = props.coupon?.initial
  const couponCode = useRef<string | undefined>(initialCoupon?.code)
  const free = isFreePayment(provider, init)
  const adapter = free ? PAYMENT_ADAPTERS.free : named
  // the booking step's message for the salon (props.salonMessage), saved just before paying
  const salonText = useRef('')
  const saveSalonMessage = useRef(
    createSalonMessageSaver({
      update: (body) => islandApi.payment.updateMessage({ body }),
      read: () => (props.salonMessage ? salonText.current : ''),
    }),
  ).current

  const start = useCallback(async () => {
    dispatch({ type: 'initialize' })
    try {
      dispatch({ type: 'initialized', init: await initialize({ couponCode: couponCode.current }) })
    } catch (failure) {
      // a coupon the cart applied may be refused now (used up meanwhile), a limit reached…:
      // the error vocabulary's words, else the purpose's own (props.initializeErrors)
      const message = errorMessage(failure, t, props.initializeErrors ?? 'paymentInitialize')
      dispatch({ type: 'initFailed', message })
      onFail?.({ cartId: null, errorType: 'initialize', message })
    }
  }, [initialize, onFail, t, props.initializeErrors])

  const endSession = () => {
    session.current?.destroy()
    session.current = null
    formRef.current?.replaceChildren()
  }
  /** The field's code: a new initialize with it (a refusal leaves the current payment as it is). */
  const applyCoupon = async (code: string): Promise<AppliedCoupon> => {
    const response = await initialize({ couponCode: code })
    couponCode.current = code
    endSession()
    dispatch({ type: 'renewed', init: response })
    return appliedCoupon(response, code, initialCoupon)
  }
  const couponChanged = (applied: AppliedCoupon | null) => {
    props.coupon?.onChange?.(applied)
    if (applied !== null) return
    couponCode.current = undefined
    endSession()
    dispatch({ type: 'formCleared' })
    void start()
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: initialize once per mount
  useEffect(() => {
    if (!unavailable) void start()
  }, [])

  const fail = useCallback(
    // the provider's report (its message shows only for card_error and validation_error)
    (report: Report) => {
      const message = paymentFailureMessage({ type: report.errorType, message: report.message }, t)
      dispatch({ type: 'failed', message })
      onFail?.({ ...report, message })
    },
    [t, onFail],
  )

  const pay = useCallback(
    (cartId: string, paymentToken: string | undefined) =>
      createPayer({
        pay: (body) => islandApi.payment.pay({ body }),
        navigate: (url) => location.assign(url),
        returnUrl,
        succeeded: (result) => {
          confirmPurchase(cartId, result.orderId)
          dispatch({ type: 'done' })
          onSuccess(result)
        },
        failed: fail,
      })(cartId, paymentToken),
    [fail, onSuccess, returnUrl],
  )

  const sessionOf = useCallback(
    (current: PaymentInitializeResponse): ProviderSession => {
      const { cartId } = current
      const hooks: PaymentHooks = {
        paying: () => dispatch({ type: 'paying' }),
        // a provider's own button pays without the step's submit: the message goes first here
        pay: async (token) => {
          if (adapter.payButton === 'provider') await saveSalonMessage(cartId)
          await pay(cartId, token)
        },
        fail: (errorType, message) => fail({ cartId, errorType, message }),
        cancelled: () => dispatch({ type: 'error', message: t.t('payment.cancelled') }),
      }
      const attempt = {
        cartId,
        token: current.result.token,
        prices: current.prices,
        publicKey: key,
        locale: t.locale,
        returnUrl,
      }
      return adapter.start(attempt, hooks)
    },
    [adapter, pay, fail, t, key, returnUrl, saveSalonMessage],
  )

  // the order the success page reports to analytics (decision 032), at the server's price
  useEffect(() => {
    if (init) notePurchase(init.cartId, init.prices.total.amount)
  }, [init])

  // The provider's form, once initialize answered: scripts load here and only here.
  useEffect(() => {
    if (phase !== 'ready' || init === null || free || form !== 'none') return
    const target = formRef.current
    if (!target) return
    const current = sessionOf(init)
    session.current = current
    if (!current.mount) {
      dispatch({ type: 'formReady' })
      return
    }
    dispatch({ type: 'formLoading' })
    current.mount(target).then(
      () => dispatch({ type: 'formReady' }),
      () => dispatch({ type: 'formBroken', message: t.t('appointment.error.errorDuringPayment') }),
    )
  }, [phase, init, free, form, sessionOf, t])

  useEffect(() => () => session.current?.destroy(), [])

  const submit = async () => {
    if (init === null || phase !== 'ready') return
    dispatch({ type: 'error', message: null })
    // a payment of nothing mounts no form: its session starts with the click
    const current = free ? sessionOf(init) : session.current
    // before the provider may leave the page (a redirect, 3-D Secure)
    await saveSalonMessage(init.cartId)
    await current?.submit?.()
  }

  const salonMessageChanged = (text: string) => {
    salonText.current = text
  }
  return {
    state,
    free,
    adapter,
    formRef,
    start,
    submit,
    applyCoupon,
    couponChanged,
    salonMessageChanged,
  }
}
