import { useId, useState } from 'react'
import { REFUND_PATHS, type RefundPath } from '#domain/orders/desk-money'
import { RefundAmountForm } from './RefundAmountForm'
import { useStudioText } from './studio-text'
import type { useRefund } from './use-desk-money'

/**
 * A visit's "Refund" (docs/decisions/078-desk-payments.md): the amount, through the provider
 * that was paid (a desk payment: back at the desk) or as credit on the customer's account.
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
  const [path, setPath] = useState<RefundPath>('provider')
  return (
    <RefundAmountForm
      label={t('studio.desk.refundTitle')}
      refundable={refundable}
      call={refund}
      onRefund={(amount) => refund.mutate({ ideorder, customerId, amount, path })}
    >
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
    </RefundAmountForm>
  )
}
