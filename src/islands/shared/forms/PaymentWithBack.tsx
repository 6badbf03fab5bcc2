import { PaymentStep } from '../../payment/PaymentStep'
import type { PaymentStepProps, PaymentSuccess } from '../../payment/payment-step-props'

/** What a paying island's props say of its payment (its own props may be passed as they are). */
export interface PaymentSettings
  extends Pick<PaymentStepProps, 'locale' | 'messages' | 'provider' | 'publicKey' | 'money'> {
  /** the localized /payments/rdvcheck path, on this site's origin */
  returnPath: string
}

interface PaymentWithBackProps
  extends Pick<
    PaymentStepProps,
    'initialize' | 'idPrefix' | 'coupon' | 'initializeErrors' | 'payLabel'
  > {
  settings: PaymentSettings
  onPaid(result: PaymentSuccess): Promise<void>
  /** the button that leaves the payment for the step before it */
  backLabel: string
  onBack(): void
}

/**
 * The payment step of the e-shop and gift islands (the shared one of src/islands/payment: free,
 * Stripe, PayPal, PayZen, Saferpay, Monetico), then a way back to what is being paid.
 */
export function PaymentWithBack(props: PaymentWithBackProps) {
  const { settings, initialize, idPrefix, onPaid, backLabel, onBack, coupon, initializeErrors } =
    props
  const { payLabel } = props
  return (
    <>
      <PaymentStep
        locale={settings.locale}
        messages={settings.messages}
        provider={settings.provider}
        publicKey={settings.publicKey}
        money={settings.money}
        returnUrl={`${location.origin}${settings.returnPath}`}
        initialize={initialize}
        coupon={coupon}
        initializeErrors={initializeErrors}
        onSuccess={(result) => void onPaid(result)}
        idPrefix={idPrefix}
        payLabel={payLabel}
      />
      <p>
        <button type="button" className="button button--secondary" onClick={onBack}>
          {backLabel}
        </button>
      </p>
    </>
  )
}
