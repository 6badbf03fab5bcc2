/**
 * The money of an order taken or given back at the desk (docs/decisions/078-desk-payments.md):
 * what is still due, what can still be refunded and whether a refund asked for fits. One rule
 * for the server (which refuses) and the studio (which prefills), amounts in minor units.
 */

/** How the shop took a payment at the desk. */
export const DESK_METHODS = ['cash', 'card', 'voucher'] as const
export type DeskMethod = (typeof DESK_METHODS)[number]

/** Where a refund goes: back through the provider that was paid, or as credit on the account. */
export const REFUND_PATHS = ['provider', 'credit'] as const
export type RefundPath = (typeof REFUND_PATHS)[number]

export interface OrderMoney {
  /** what the order costs by payment (the bill's total), >= 0 */
  readonly total: number
  /** each payment taken (online or at the desk), >= 0 */
  readonly taken: readonly number[]
  /** each refund given (to the provider or as credit), >= 0 */
  readonly refunds: readonly number[]
}

export interface OrderBalance {
  readonly paid: number
  /** what was given back, never more than was paid */
  readonly refunded: number
  /** still owed by the customer (a refund does not make an order due again) */
  readonly due: number
  /** what may still be given back */
  readonly refundable: number
}

const sum = (list: readonly number[]) => list.reduce((a, b) => a + b, 0)

export function orderBalance(money: OrderMoney): OrderBalance {
  const paid = sum(money.taken)
  const refunded = Math.min(sum(money.refunds), paid)
  return {
    paid,
    refunded,
    due: Math.max(0, money.total - paid),
    refundable: paid - refunded,
  }
}

export type RefundVerdict = 'ok' | 'nothing' | 'tooLarge'

/** A refund of `amount` when `refundable` can still be given back. */
export function refundVerdict(amount: number, refundable: number): RefundVerdict {
  if (!Number.isInteger(amount) || amount <= 0) return 'nothing'
  return amount > refundable ? 'tooLarge' : 'ok'
}

/**
 * A desk payment of `amount` for `due`: one payment settles the whole amount due (no partial
 * payments: the decision says why), so anything else is a mismatch.
 */
export function deskPaymentVerdict(amount: number, due: number): 'ok' | 'nothingDue' | 'mismatch' {
  if (due <= 0) return 'nothingDue'
  return amount === due ? 'ok' : 'mismatch'
}
