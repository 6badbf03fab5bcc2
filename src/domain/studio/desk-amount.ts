/**
 * Amounts typed at the desk (docs/decisions/078-desk-payments.md): the field shows major units
 * ("42.50"), the calls take minor units. A comma is a decimal mark as well (fr, de, es, it);
 * anything else than a positive amount with at most two decimals is not an amount.
 */
export function parseDeskAmount(text: string): number | undefined {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text)
  if (!match) return undefined
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return minor > 0 ? minor : undefined
}

/** The field's text for an amount in minor units. */
export function deskAmountText(minor: number): string {
  const whole = Math.trunc(minor / 100)
  const cents = String(minor % 100).padStart(2, '0')
  return `${whole}.${cents}`
}

/** What the desk may still give back of an order: what it paid less what went back already. */
export function refundableOf(bill: {
  readonly total: number
  readonly refunded: number
  readonly payment: string
}): number {
  const paid = ['paid', 'partiallyRefunded'].includes(bill.payment)
  return paid ? Math.max(0, bill.total - bill.refunded) : 0
}
