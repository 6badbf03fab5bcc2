import { useId, useState } from 'react'
import { DESK_METHODS, type DeskMethod } from '#domain/orders/desk-money'
import { deskAmountText, parseDeskAmount } from '#domain/studio/desk-amount'
import { DeskFormOutcome } from './DeskFormOutcome'
import { useStudioText } from './studio-text'
import type { DeskPayment, useTakePayment } from './use-desk-money'

/**
 * "Take payment" (docs/decisions/078-desk-payments.md): how the customer paid and the amount,
 * prefilled with what is due (the server takes exactly that, so it is the one to change only
 * when the customer says otherwise; a mismatch is refused with its reason). A voucher asks
 * for its code. Shared by the agenda's details and the list of orders due at the shop.
 */
export function TakePaymentForm({
  orderId,
  due,
  label,
  payment,
}: {
  orderId: string
  /** minor units */
  due: number
  /** what the form is for: a visit's details or a line of the list */
  label: string
  payment: ReturnType<typeof useTakePayment>
}) {
  const { t } = useStudioText()
  const id = useId()
  const [method, setMethod] = useState<DeskMethod>('cash')
  const [amount, setAmount] = useState(deskAmountText(due))
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState(false)
  const submit = () => {
    const minor = parseDeskAmount(amount)
    setInvalid(minor === undefined)
    if (minor === undefined) return
    const p: DeskPayment = {
      orderId,
      amount: minor,
      method,
      ...(method === 'voucher' ? { voucherCode: code.trim() } : {}),
    }
    payment.mutate(p)
  }
  return (
    <form
      className="studio-desk-form"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <label htmlFor={`${id}-method`}>{t('studio.desk.method')}</label>
      <select
        id={`${id}-method`}
        value={method}
        onChange={(e) => setMethod(DESK_METHODS.find((m) => m === e.target.value) ?? 'cash')}
      >
        {DESK_METHODS.map((m) => (
          <option key={m} value={m}>
            {t(`studio.desk.methods.${m}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-amount`}>{t('studio.desk.amount')}</label>
      <input
        id={`${id}-amount`}
        inputMode="decimal"
        value={amount}
        aria-invalid={invalid || undefined}
        onChange={(e) => setAmount(e.target.value)}
      />
      {method === 'voucher' && (
        <>
          <label htmlFor={`${id}-code`}>{t('studio.desk.voucherCode')}</label>
          <input
            id={`${id}-code`}
            value={code}
            required
            autoComplete="off"
            onChange={(e) => setCode(e.target.value)}
          />
        </>
      )}
      <button type="submit" disabled={payment.isPending}>
        {t('studio.desk.record')}
      </button>
      <DeskFormOutcome invalid={invalid} call={payment} done={t('studio.desk.recorded')} />
    </form>
  )
}
