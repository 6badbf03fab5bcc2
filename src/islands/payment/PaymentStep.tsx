import { useCallback, useEffect, useRef, useState } from 'react'
import type { PaymentInitializeResponse } from '../../contract/payment'
import type { AppliedCoupon } from '../../domain/coupon/coupon-field'
import { formatMoney } from '../../domain/money/format-money'
import { errorMessage, paymentFailureMessage } from '../../i18n/error-messages'
import { CouponField } from '../shared/CouponField'
import { companyToken, islandApi } from '../shared/island-api'
import { useTranslator } from '../shared/use-translator'
import { loadScript, loadStylesheet } from './load-script'
import { type PayOutcome, payOutcome, returnUrlFor } from './outcome'
import type { PaymentFailure, PaymentStepProps } from './payment-step-props'
import { paypalOptions, paypalSdkUrl } from './paypal'
import {
  mountPayzen,
  PAYZEN_SCRIPT,
  PAYZEN_THEME_CSS,
  PAYZEN_THEME_JS,
  payzenScriptAttributes,
} from './payzen'
import { parseMoneticoForm, postForm, safeRedirectUrl } from './redirect'
import { mountStripe, STRIPE_JS, type StripeSession } from './stripe'

export type { PaymentFailure, PaymentStepProps, PaymentSuccess } from './payment-step-props'

type Phase = 'initializing' | 'initError' | 'ready' | 'paying' | 'done' | 'unavailable'
type FormState = 'none' | 'loading' | 'ready' | 'error'

/** Providers whose form needs the public key (spec §5, §6). */
const NEEDS_KEY = new Set(['stripe', 'payzen'])

/**
 * The payment step (spec §4 Payment flow; props documented in payment-step-props.ts): initialize,
 * obtain the provider's token or form, pay. Provider SDKs are script tags loaded here only.
 */
export function PaymentStep(props: PaymentStepProps) {
  const { provider, publicKey, money, initialize, onSuccess, onFail } = props
  const returnUrl =
    typeof location === 'undefined' ? props.returnUrl : new URL(props.returnUrl, location.href).href
  const t = useTranslator(props)
  const prefix = props.idPrefix ?? 'payment'
  const key = publicKey?.trim() ?? ''
  const unavailable = NEEDS_KEY.has(provider) && key === ''
  const [phase, setPhase] = useState<Phase>(unavailable ? 'unavailable' : 'initializing')
  const [init, setInit] = useState<PaymentInitializeResponse | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [form, setForm] = useState<FormState>('none')
  const formRef = useRef<HTMLDivElement>(null)
  const stripeRef = useRef<StripeSession | null>(null)
  // issue 13 §3: the coupon code every initialize sends (the cart's, then the field's)
  const initialCoupon = props.coupon?.initial
  const couponCode = useRef<string | undefined>(initialCoupon?.code)
  const generic = t.t('appointment.error.errorDuringPayment')
  const free = provider === 'free' || (init !== null && init.prices.total.amount === 0)

  const start = useCallback(async () => {
    setPhase('initializing')
    setError(null)
    setInit(null)
    try {
      const response = await initialize({ couponCode: couponCode.current })
      setInit(response)
      setPhase('ready')
    } catch (failure) {
      // a coupon the cart applied may be refused now (used up meanwhile), a limit reached…:
      // the error vocabulary's words, else the purpose's own (props.initializeErrors)
      const message = errorMessage(failure, t, props.initializeErrors ?? 'paymentInitialize')
      setError(message)
      setPhase('initError')
      onFail?.({ cartId: null, errorType: 'initialize', message })
    }
  }, [initialize, onFail, t, props.initializeErrors])

  /** The field's code: a new initialize with it (a refusal leaves the current payment as it is). */
  const applyCoupon = async (code: string): Promise<AppliedCoupon> => {
    const response = await initialize({ couponCode: code })
    couponCode.current = code
    renewForm(response)
    return {
      code: response.coupon?.code ?? code,
      // the cart's coupon keeps its name; the answer of initialize carries none
      name: initialCoupon?.code === response.coupon?.code ? (initialCoupon?.name ?? '') : '',
      discount: response.coupon?.discount.amount ?? 0,
      total: response.prices.total.amount,
    }
  }
  const couponChanged = (applied: AppliedCoupon | null) => {
    props.coupon?.onChange?.(applied)
    if (applied !== null) return
    couponCode.current = undefined
    stripeRef.current?.destroy()
    stripeRef.current = null
    formRef.current?.replaceChildren()
    setForm('none')
    void start()
  }
  /** A new payment of the cart: the provider's form is mounted again with its token. */
  function renewForm(response: PaymentInitializeResponse) {
    stripeRef.current?.destroy()
    stripeRef.current = null
    formRef.current?.replaceChildren()
    setForm('none')
    setError(null)
    setInit(response)
    setPhase('ready')
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: initialize once per mount
  useEffect(() => {
    if (!unavailable) void start()
  }, [])

  const fail = useCallback(
    // the provider's report (its message shows only for card_error and validation_error)
    (report: Omit<PaymentFailure, 'message'> & { message: string | null }) => {
      const message = paymentFailureMessage({ type: report.errorType, message: report.message }, t)
      setError(message)
      setPhase('ready')
      onFail?.({ ...report, message })
    },
    [t, onFail],
  )

  const settle = useCallback(
    (cartId: string, outcome: PayOutcome) => {
      switch (outcome.kind) {
        case 'succeeded':
          setPhase('done')
          onSuccess(
            outcome.amountDue === undefined
              ? { cartId, orderId: outcome.orderId }
              : { cartId, orderId: outcome.orderId, amountDue: outcome.amountDue },
          )
          return
        case 'redirect':
          location.assign(outcome.url)
          return
        case 'pending':
          // the return page asks the provider once more (POST /api/payment/success/:id)
          location.assign(returnUrlFor(returnUrl, cartId))
          return
        case 'failed':
          fail({ cartId, errorType: outcome.errorType, message: outcome.message })
      }
    },
    [fail, onSuccess, returnUrl],
  )

  const pay = useCallback(
    async (cartId: string, paymentToken: string | undefined) => {
      try {
        const response = await islandApi.payment.pay({
          body: paymentToken ? { cartId, paymentToken } : { cartId },
        })
        settle(cartId, payOutcome(response))
      } catch {
        // spec §5, §8: a failed pay call is the generic payment error
        fail({ cartId, errorType: 'api_error', message: null })
      }
    },
    [fail, settle],
  )

  // The provider's form, once initialize answered: scripts load here and only here.
  useEffect(() => {
    if (phase !== 'ready' || init === null || free || form !== 'none') return
    const target = formRef.current
    if (!target) return
    const { cartId } = init
    const token = init.result.token
    setForm('loading')
    const ready = () => setForm('ready')
    const broken = () => {
      setForm('error')
      setError(generic)
    }
    if (provider === 'stripe') {
      loadScript(STRIPE_JS)
        .then(() => {
          if (!window.Stripe) throw new Error('Stripe.js did not load')
          stripeRef.current = mountStripe(window.Stripe, key, token, target, t.locale)
          ready()
        })
        .catch(broken)
    } else if (provider === 'paypal') {
      loadScript(paypalSdkUrl(key))
        .then(async () => {
          if (!window.paypal) throw new Error('PayPal SDK did not load')
          const options = paypalOptions({
            orderId: token,
            approve: async (orderId) => {
              setPhase('paying')
              setError(null)
              await pay(cartId, orderId)
            },
            cancel: () => setError(t.t('payment.cancelled')),
            fail: () => fail({ cartId, errorType: 'paypal', message: null }),
          })
          await window.paypal.Buttons(options).render(target)
          ready()
        })
        .catch(broken)
    } else if (provider === 'payzen') {
      loadStylesheet(PAYZEN_THEME_CSS)
      loadScript(PAYZEN_SCRIPT, payzenScriptAttributes(key, t.locale))
        .then(() => loadScript(PAYZEN_THEME_JS))
        .then(async () => {
          if (!window.KR) throw new Error('PayZen form did not load')
          await mountPayzen(window.KR, token, target, t.locale, {
            submitted: () => {
              setPhase('paying')
              setError(null)
              void pay(cartId, undefined)
            },
            failed: (errorType, message) => fail({ cartId, errorType, message }),
          })
          ready()
        })
        .catch(broken)
    } else {
      ready()
    }
  }, [phase, init, free, form, provider, key, t, generic, pay, fail])

  useEffect(() => () => stripeRef.current?.destroy(), [])

  const submit = async () => {
    if (init === null || phase !== 'ready') return
    const { cartId } = init
    const token = init.result.token
    setError(null)
    if (free) {
      setPhase('paying')
      // spec §7: the free provider's callback is not awaited; pay settles it too
      void companyToken()
        .then((company) =>
          islandApi.payment.callback({
            params: { companyToken: company },
            query: { payId: cartId },
            body: { paymentToken: token, prices: init.prices },
          }),
        )
        .catch(() => undefined)
      await pay(cartId, token)
      return
    }
    if (provider === 'stripe') {
      const session = stripeRef.current
      if (!session) return
      setPhase('paying')
      try {
        const result = await session.confirm(returnUrlFor(returnUrl, cartId))
        if (result.error) {
          fail({
            cartId,
            errorType: result.error.type ?? null,
            message: result.error.message ?? null,
          })
          return
        }
        await pay(cartId, result.paymentIntent?.id)
      } catch {
        // spec §5, §8: a failed pay call is the generic payment error
        fail({ cartId, errorType: 'api_error', message: null })
      }
      return
    }
    if (provider === 'saferpay') {
      const url = safeRedirectUrl(token)
      if (url) location.assign(url)
      else fail({ cartId, errorType: 'saferpay', message: null })
      return
    }
    if (provider === 'monetico') {
      const redirect = parseMoneticoForm(token)
      if (redirect) postForm(redirect)
      else fail({ cartId, errorType: 'monetico', message: null })
    }
  }

  const total = init ? formatMoney(init.prices.total.amount, t.locale, money) : ''
  // the coupon field shows the coupon's own line: the discount line says only the rest (vouchers)
  const couponShown = props.coupon && init?.coupon ? init.coupon.discount.amount : 0
  const discount = (init?.prices.discount.amount ?? 0) - couponShown
  const ownButton =
    free || provider === 'stripe' || provider === 'saferpay' || provider === 'monetico'

  return (
    <section
      className="payment-step"
      aria-labelledby={`${prefix}-title`}
      aria-busy={phase === 'initializing' || phase === 'paying'}
    >
      <h2 id={`${prefix}-title`} tabIndex={-1}>
        {t.t('payment.title')}
      </h2>
      {phase === 'unavailable' && <p role="status">{t.t('payment.unavailable')}</p>}
      {phase === 'initializing' && <p role="status">{t.t('payment.preparing')}</p>}
      {props.coupon && phase !== 'unavailable' && phase !== 'done' && (
        <CouponField
          locale={props.locale}
          messages={props.messages}
          money={money}
          initial={props.coupon.initial}
          apply={applyCoupon}
          onChange={couponChanged}
          amounts={
            init?.coupon
              ? { discount: init.coupon.discount.amount, total: init.prices.total.amount }
              : undefined
          }
          disabled={phase === 'paying' || phase === 'initializing'}
        />
      )}
      {init && (
        <dl className="payment-step__prices">
          {discount > 0 && (
            <>
              <dt>{t.t(couponShown > 0 ? 'payment.vouchers' : 'payment.discount')}</dt>
              <dd>−{formatMoney(discount, t.locale, money)}</dd>
            </>
          )}
          <dt>{t.t('payment.total')}</dt>
          <dd>
            <strong>{total}</strong>
          </dd>
        </dl>
      )}
      {init && provider === 'free' && init.prices.total.amount > 0 && (
        // decision 012: nothing is charged online; the amount is paid at the shop
        <p className="payment-step__at-shop">{t.t('payment.atShop', { amount: total })}</p>
      )}
      {init && !free && (
        <>
          <p className="payment-step__secure">{t.t('payment.secure')}</p>
          {form === 'loading' && <p role="status">{t.t('payment.loadingForm')}</p>}
          <div ref={formRef} className="payment-step__form" data-provider={provider} />
        </>
      )}
      <div aria-live="assertive" aria-atomic="true">
        {error && (
          <p className="payment-step__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div aria-live="polite">{phase === 'paying' && <p>{t.t('payment.processing')}</p>}</div>
      {phase === 'initError' && (
        <button type="button" className="button" onClick={() => void start()}>
          {t.t('payment.retry')}
        </button>
      )}
      {init && ownButton && phase !== 'done' && (
        <button
          type="button"
          className="button payment-step__pay"
          disabled={phase !== 'ready' || (!free && provider === 'stripe' && form !== 'ready')}
          onClick={() => void submit()}
        >
          {props.payLabel ?? t.t('payment.payAmount', { amount: total })}
        </button>
      )}
    </section>
  )
}
export default PaymentStep
