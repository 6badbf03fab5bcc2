import { type ReactNode, useId, useState } from 'react'
import { deskAmountText, parseDeskAmount } from '#domain/studio/desk-amount'
import { DeskFormOutcome } from './DeskFormOutcome'
import { useStudioText } from './studio-text'

/** What a refund form shows of its call: the parent's mutation, which outlives the form. */
interface RefundCall {
  readonly isPending: boolean
  readonly isError: boolean
  readonly isSuccess: boolean
  readonly error: unknown
}

/**
 * The owner's "Refund" (docs/decisions/078-desk-payments.md): an amount, prefilled with what
 * can still be given back, and whatever else the order's kind asks (`children`: a visit's
 * path). The server refuses more than was paid, and for a voucher more than is left on it.
 */
export function RefundAmountForm({
  label,
  refundable,
  call,
  onRefund,
  children,
}: {
  /** names the order: the form's accessible name */
  label: string
  /** minor units */
  refundable: number
  call: RefundCall
  onRefund: (amount: number) => void
  children?: ReactNode
}) {
  const { t } = useStudioText()
  const id = useId()
  const [amount, setAmount] = useState(deskAmountText(refundable))
  const [invalid, setInvalid] = useState(false)
  return (
    <form
      className="studio-desk-form"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault()
        const minor = parseDeskAmount(amount)
        setInvalid(minor === undefined)
        if (minor !== undefined) onRefund(minor)
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
      {children}
      <button type="submit" disabled={call.isPending}>
        {t('studio.desk.refund')}
      </button>
      <DeskFormOutcome invalid={invalid} call={call} done={t('studio.desk.refunded')} />
    </form>
  )
}
