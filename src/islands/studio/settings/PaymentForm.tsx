import { type Company, paymentProvider } from '#contract/index'
import { useStudioText } from '../studio-text'
import { TextField } from './TextFields'

type Booker = Company['booker']

/**
 * The payment provider and its public key (sent to browsers, published with the settings). Its
 * secret keys are the key store's (KeyStore), saved one by one outside this form: Enter in a
 * key's field must not publish the settings.
 */
export function PaymentForm({
  booker,
  onBooker,
}: {
  booker: Booker
  onBooker: (booker: Booker) => void
}) {
  const { t } = useStudioText()
  const payment = booker.payment
  return (
    <>
      <label>
        {t('studio.settings.payment.provider')}{' '}
        <select
          value={payment.provider}
          onChange={(event) =>
            onBooker({
              ...booker,
              payment: { ...payment, provider: paymentProvider.parse(event.target.value) },
            })
          }
        >
          {paymentProvider.options.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <TextField
        label={t('studio.settings.payment.publicKey')}
        value={payment.keys.publicKey}
        onChange={(publicKey) =>
          onBooker({ ...booker, payment: { ...payment, keys: { publicKey } } })
        }
      />
    </>
  )
}
