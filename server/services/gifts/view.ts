import type { Gift } from '#contract/gift.ts'
import type { GiftRow } from '#server/db/schema/index.ts'

type Wire = Omit<Gift, 'amount' | 'remaining'> & {
  amount: { amount: number; currency: string }
  remaining: { amount: number; currency: string }
}

/** A gift row in the contract's shape; optional fields are left out rather than null. */
export function giftView(row: GiftRow): Wire {
  const money = (amount: number) => ({ amount, currency: row.currency })
  return {
    id: row.id,
    code: row.code,
    to: row.recipientName,
    email: row.recipientEmail,
    ...(row.fromName === null ? {} : { from: row.fromName }),
    ...(row.message === null ? {} : { message: row.message }),
    amount: money(row.amountCents),
    remaining: money(row.remainingCents),
    ...(row.themeId === null ? {} : { themeId: row.themeId }),
    ...(row.serviceId === null ? {} : { serviceId: row.serviceId }),
    ...(row.validUntil === null ? {} : { validUntil: row.validUntil }),
    createdAt: row.createdAt.toISOString(),
  }
}

/** Usable: paid (active), money left, and not past its last valid day (UTC calendar date). */
export function isUsable(row: GiftRow, now: Date): boolean {
  if (row.status !== 'active' || row.remainingCents <= 0) return false
  return row.validUntil === null || now.toISOString().slice(0, 10) <= row.validUntil
}
