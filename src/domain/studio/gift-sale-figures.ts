/**
 * One voucher sale's figures in the studio (docs/decisions/078-desk-payments.md), minor units:
 * what it was sold for splits into what it paid (redeemed), what refunds of its purchase took
 * off it (refunded) and what is left on it (outstanding). A refund can give back only what was
 * paid and not given back yet, and no more than is left on the voucher: what it paid stays paid.
 */
export interface GiftSaleFacts {
  /** the voucher's value */
  readonly amount: number
  /** what is left on it */
  readonly remaining: number
  /** what refunds of its purchase took off it */
  readonly refunded: number
  /** what its purchase's payment took */
  readonly paid: number
}

export function giftSaleFigures(sale: GiftSaleFacts) {
  return {
    redeemed: Math.max(0, sale.amount - sale.remaining - sale.refunded),
    refunded: sale.refunded,
    outstanding: sale.remaining,
    refundable: Math.max(0, Math.min(sale.paid - sale.refunded, sale.remaining)),
  }
}
