import { useId, useState } from 'react'
import { REFUND_PATHS, type RefundPath } from '#domain/orders/desk-money'
import { deskAmountText, parseDeskAmount } from '#domain/studio/desk-amount'
import { useStudioText } from './studio-text'
import { deskErrorKey, type useRefund } from './use-desk-money'

/**
 * The owner's "Refund" (docs/decisions/078-desk-payments.md): an amount, prefilled with what
 * can still be given back, through the provider that was paid (a desk payment: back at the
 * desk) or as credit on the customer's account. The server refuses more than was paid.
 */
export function RefundForm({
  ideorder,
  customerId,
  refundable,
  refund,
}: {
  ideorder: string
  customerId: string
  /** minor units */
  refundable: number
  /** the parent's: its outcome outlives this form, remade when the order changes */
  refund: ReturnType<typeof useRefund>
}) {
  const { t } = useStudioText()
  const id = useId()
  const [amount, setAmount] = useState(deskAmountText(refundable))
  const [path, setPath] = useState<RefundPath>('provider')
  const [invalid, setInvalid] = useState(false)
  return (
    <form
      className="studio-desk-form"
      aria-label={t('studio.desk.refundTitle')}
      onSubmit={(e) => {
        e.preventDefault()
        const minor = parseDeskAmount(amount)
        setInvalid(minor === undefined)
        if (minor !== undefined) refund.mutate({ ideorder, customerId, amount: minor, path })
      }}
    >
      <label htmlFor={`${id}-amount`}>{t('studio.desk.amount')}</label>
      <input
        id={`${id}-amount`}
        inputMode="decimal"
        value={amount}
        aria-invalid={invalid || undefined}
        onChange={(e) => setAmount(e.target.value)}
      />
      <fieldset>
        <legend>{t('studio.desk.refundPath')}</legend>
        {REFUND_PATHS.map((p) => (
          <label key={p}>
            <input
              type="radio"
              name={`${id}-path`}
              value={p}
              checked={path === p}
              onChange={() => setPath(p)}
            />
            {t(`studio.desk.paths.${p}`)}
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={refund.isPending}>
        {t('studio.desk.refund')}
      </button>
      {invalid && (
        <p role="alert" className="studio-error">
          {t('studio.desk.error.amount')}
        </p>
      )}
      {refund.isError && (
        <p role="alert" className="studio-error">
          {t(deskErrorKey(refund.error))}
        </p>
      )}
      {refund.isSuccess && <p role="status">{t('studio.desk.refunded')}</p>}
    </form>
  )
}
