import type { RefCallback } from 'react'
import { PurchaseReport } from '../payment/PurchaseReport'
import type { PaymentStepProps, PaymentSuccess } from '../payment/payment-step-props'
import type { PaymentSettings } from '../shared/forms/PaymentWithBack'
import { PaymentWithBack } from '../shared/forms/PaymentWithBack'
import { type GiftTheme, type GiftView, giftPrice } from './gift-view'

interface StepProps {
  view: GiftView
  /** minor units */
  amount: number
  heading: RefCallback<HTMLHeadingElement>
}

/**
 * Paid: the voucher is on its way to the recipient (with its code for a signed-in buyer), or,
 * to be paid at the shop (decision 012), it waits for that payment. Either way the order is
 * confirmed, and reported to analytics like a booking's (decision 032).
 */
export function GiftDone(props: StepProps & { onRestart(): void }) {
  const { view, heading } = props
  const { t, id, state } = view
  const { dueAtShop } = state
  const who = { name: state.to.trim(), email: state.email.trim() }
  const awaiting = dueAtShop !== null
  return (
    <section
      className="gift-step"
      aria-labelledby={`${id}-done`}
      {...(awaiting ? { 'data-due-at-shop': dueAtShop } : {})}
    >
      <h2 id={`${id}-done`} ref={heading} tabIndex={-1}>
        {awaiting ? t.t('gift.awaitingTitle') : t.t('gift.confirmedTitle')}
      </h2>
      <PurchaseReport />
      <p>
        {awaiting
          ? t.t('gift.awaitingText', { amount: giftPrice(view, dueAtShop), ...who })
          : t.t('gift.confirmedText', { amount: giftPrice(view, props.amount), ...who })}
      </p>
      {!awaiting && state.code && (
        <p className="gift-code">{t.t('gift.yourCode', { code: state.code })}</p>
      )}
      <p>
        <button type="button" className="button" onClick={props.onRestart}>
          {t.t('gift.another')}
        </button>
      </p>
    </section>
  )
}

/** What is being bought, then the payment and the way back to the form. */
export function GiftPayment(
  props: StepProps & {
    theme: GiftTheme | undefined
    settings: PaymentSettings
    initialize: PaymentStepProps['initialize']
    onPaid(result: PaymentSuccess): Promise<void>
  },
) {
  const { view, heading } = props
  const { t, id, state } = view
  return (
    <section className="gift-step" aria-labelledby={`${id}-pay`}>
      <h2 id={`${id}-pay`} ref={heading} tabIndex={-1}>
        {t.t('gift.paymentTitle')}
      </h2>
      <p>
        {t.t('gift.summary', {
          theme: props.theme?.name ?? '',
          amount: giftPrice(view, props.amount),
          name: state.to.trim(),
          email: state.email.trim(),
        })}
      </p>
      <PaymentWithBack
        settings={props.settings}
        initialize={props.initialize}
        initializeErrors="giftPurchase"
        onPaid={props.onPaid}
        idPrefix="gift-payment"
        backLabel={t.t('gift.edit')}
        onBack={() => view.dispatch({ type: 'backToForm' })}
      />
    </section>
  )
}
