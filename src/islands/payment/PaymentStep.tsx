import { SALON_MESSAGE_MAX } from '#contract/constants'
import type { PaymentInitializeResponse } from '#contract/payment'
import { formatMoney, type MoneySettingsLike } from '#domain/money/format-money'
import type { AppTranslator } from '#i18n/messages'
import { CouponField } from '../shared/CouponField'
import { useTranslator } from '../shared/use-translator'
import type { PaymentStepProps } from './payment-step-props'
import { discountLine, payDisabled } from './payment-step-state'
import { usePaymentStep } from './use-payment-step'

export type { PaymentStepProps } from './payment-step-props'

/**
 * The payment step (docs/product/4-states.md Payment flow; props documented in payment-step-props.ts): initialize,
 * obtain the provider's token or form, pay. The view of use-payment-step.ts (effects) over
 * payment-step-state.ts (state); each provider is an adapter of adapters/ (decision 023).
 */
export function PaymentStep(props: PaymentStepProps) {
  const { provider, money } = props
  const t = useTranslator(props)
  const prefix = props.idPrefix ?? 'payment'
  const step = usePaymentStep(props, t)
  const { phase, init, error, form } = step.state
  const { free } = step
  const total = init ? formatMoney(init.prices.total.amount, t.locale, money) : ''

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
          apply={step.applyCoupon}
          onChange={step.couponChanged}
          amounts={
            init?.coupon
              ? { discount: init.coupon.discount.amount, total: init.prices.total.amount }
              : undefined
          }
          disabled={phase === 'paying' || phase === 'initializing'}
        />
      )}
      {init && (
        <PaymentPrices init={init} t={t} money={money} total={total} couponField={!!props.coupon} />
      )}
      {init && props.salonMessage && phase !== 'done' && (
        <SalonMessageField
          id={`${prefix}-salon-message`}
          t={t}
          onChange={step.salonMessageChanged}
        />
      )}
      {init && provider === 'free' && init.prices.total.amount > 0 && (
        // decision 012: nothing is charged online; the amount is paid at the shop
        <p className="payment-step__at-shop">{t.t('payment.atShop', { amount: total })}</p>
      )}
      {init && !free && (
        <>
          <p className="payment-step__secure">{t.t('payment.secure')}</p>
          {form === 'loading' && <p role="status">{t.t('payment.loadingForm')}</p>}
          <div ref={step.formRef} className="payment-step__form" data-provider={provider} />
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
        <button type="button" className="button" onClick={() => void step.start()}>
          {t.t('payment.retry')}
        </button>
      )}
      {init && step.adapter.payButton !== 'provider' && phase !== 'done' && (
        <button
          type="button"
          className="button payment-step__pay"
          disabled={payDisabled(step.state, step.adapter.payButton === 'step-after-form')}
          onClick={() => void step.submit()}
        >
          {props.payLabel ?? t.t('payment.payAmount', { amount: total })}
        </button>
      )}
    </section>
  )
}

interface PricesProps {
  init: PaymentInitializeResponse
  t: AppTranslator
  money: MoneySettingsLike
  /** the formatted total */
  total: string
  couponField: boolean
}

/** The server's prices: the discount (vouchers when the coupon field shows the coupon), the total. */
function PaymentPrices({ init, t, money, total, couponField }: PricesProps) {
  const discount = discountLine(init, couponField)
  return (
    <dl className="payment-step__prices">
      {discount.amount > 0 && (
        <>
          <dt>{t.t(discount.vouchers ? 'payment.vouchers' : 'payment.discount')}</dt>
          <dd>−{formatMoney(discount.amount, t.locale, money)}</dd>
        </>
      )}
      <dt>{t.t('payment.total')}</dt>
      <dd>
        <strong>{total}</strong>
      </dd>
    </dl>
  )
}

interface SalonMessageProps {
  id: string
  t: AppTranslator
  onChange(text: string): void
}

/** The booking step's optional message for the salon (docs/api/payments.md update-message). */
function SalonMessageField({ id, t, onChange }: SalonMessageProps) {
  return (
    <p className="payment-step__salon-message">
      <label htmlFor={id}>{t.t('payment.salonMessage')}</label>
      <textarea
        id={id}
        name="salonMessage"
        rows={3}
        maxLength={SALON_MESSAGE_MAX}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </p>
  )
}
