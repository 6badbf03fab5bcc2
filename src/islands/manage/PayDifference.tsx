import type { PaymentInitializeResponse } from '#contract/payment'
import type { PaymentProvider } from '#domain/company/payment-enabled'
import type { MoneySettingsLike } from '#domain/money/format-money'
import type { AppTranslator } from '#i18n/messages'
import { localizePath } from '#i18n/paths'
import { PaymentStep } from '../payment/PaymentStep'
import type { PendingDifference } from './manage-state'

interface Props {
  t: AppTranslator
  /** the new time, worded */
  when: string
  pay: PendingDifference
  payment: { readonly provider: PaymentProvider; readonly publicKey: string | null }
  money: MoneySettingsLike
  price(minor: number): string
  initialize(): Promise<PaymentInitializeResponse>
  onPaid(result: { amountDue?: number | undefined }): void
  onKeep(): void
}

/**
 * The "pay the difference" step of a dearer move (docs/decisions/042-reschedule-pay-difference.md):
 * what it is for, the server's difference once quoted (the shared money formatter), the
 * company's payment step on it (its own loading, error and retry states, decision 023), and
 * a way back that keeps the visit as it is. DOM hook: [data-manage-difference] (the amount).
 */
export function PayDifference(props: Props) {
  const { t, pay } = props
  return (
    <section className="manage-visit__pay" aria-labelledby="manage-pay-title">
      <h4 id="manage-pay-title">{t.t('manage.payTitle')}</h4>
      <p>{t.t('manage.payText', { when: props.when })}</p>
      {pay.amount !== null && (
        <p data-manage-difference={pay.amount}>
          <strong>{t.t('manage.payDifference', { amount: props.price(pay.amount) })}</strong>
        </p>
      )}
      <PaymentStep
        locale={t.locale}
        provider={props.payment.provider}
        publicKey={props.payment.publicKey}
        money={props.money}
        returnUrl={localizePath('/payments/rdvcheck', t.locale)}
        initialize={props.initialize}
        idPrefix="manage-pay"
        {...(pay.amount === null
          ? {}
          : { payLabel: t.t('manage.payButton', { amount: props.price(pay.amount) }) })}
        onSuccess={(result) => props.onPaid(result)}
      />
      <button type="button" className="button button--secondary" onClick={props.onKeep}>
        {t.t('manage.payKeep')}
      </button>
    </section>
  )
}
