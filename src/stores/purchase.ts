import { type PaidOrder, parseReported, withReported } from '#domain/marketing/purchase-report'

/**
 * The paid order its confirmation reports to analytics (docs/decisions/032-analytics-purchase-and-error-reporting.md),
 * kept in this tab's session storage from the payment step to /payments/success (across a card
 * redirect through /payments/rdvcheck too) or to the gift and e-shop confirmations shown in place,
 * and the reports already sent, kept in local storage so
 * that a reload, another tab or a later visit never sends one twice.
 */
export const PURCHASE_KEY = 'purchase-pending'
export const REPORTED_KEY = 'purchase-reported'

interface Pending {
  cartId: string
  total: number
  /** the server's order id once the payment succeeded; null while it is not known to be paid */
  transactionId: string | null
}

function storageOf(name: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return window[name]
  } catch {
    return null
  }
}

function readPending(): Pending | null {
  try {
    const value = JSON.parse(
      storageOf('sessionStorage')?.getItem(PURCHASE_KEY) ?? 'null',
    ) as Partial<Pending> | null
    if (typeof value?.cartId !== 'string' || typeof value.total !== 'number') return null
    const id = typeof value.transactionId === 'string' ? value.transactionId : null
    return { cartId: value.cartId, total: value.total, transactionId: id }
  } catch {
    return null
  }
}

/** The payment of `cartId` for `total` (minor units, the server's price) is about to be made. */
export function notePurchase(cartId: string, total: number): void {
  const pending: Pending = { cartId, total, transactionId: null }
  storageOf('sessionStorage')?.setItem(PURCHASE_KEY, JSON.stringify(pending))
}

/** The server says `cartId` is paid, as order `orderId` (the cart's id when it names none). */
export function confirmPurchase(cartId: string, orderId: string | null | undefined): void {
  const pending = readPending()
  if (pending?.cartId !== cartId) return
  const next: Pending = { ...pending, transactionId: orderId || cartId }
  storageOf('sessionStorage')?.setItem(PURCHASE_KEY, JSON.stringify(next))
}

/** The paid order waiting to be reported, if this tab paid one. */
export function paidOrder(): PaidOrder | null {
  const pending = readPending()
  return pending?.transactionId
    ? { transactionId: pending.transactionId, total: pending.total }
    : null
}

export function reportedKeys(): string[] {
  return parseReported(storageOf('localStorage')?.getItem(REPORTED_KEY) ?? null)
}

export function rememberReported(keys: readonly string[]): void {
  const next = withReported(reportedKeys(), keys)
  storageOf('localStorage')?.setItem(REPORTED_KEY, JSON.stringify(next))
}
