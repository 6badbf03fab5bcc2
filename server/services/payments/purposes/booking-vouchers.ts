import type { CartRow } from '#server/db/schema/index.ts'
import { giftSpent, redeemGift } from '../../gifts/index.ts'
import type { PaidContext } from './types.ts'

interface StoredVoucher {
  readonly code: string
  readonly amount: number
}

const isVoucher = (v: unknown): v is StoredVoucher =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as StoredVoucher).code === 'string' &&
  Number.isInteger((v as StoredVoucher).amount)

/** The vouchers initialize priced into the cart (carts.data.vouchers), in code order. */
export function storedVouchers(cart: CartRow): StoredVoucher[] {
  const list = cart.data.vouchers
  return (Array.isArray(list) ? list.filter(isVoucher) : []).sort((a, b) =>
    a.code < b.code ? -1 : a.code > b.code ? 1 : 0,
  )
}

export const voucherTotal = (cart: CartRow) =>
  storedVouchers(cart).reduce((sum, voucher) => sum + voucher.amount, 0)

/** The appointments initialize priced (carts.data.appointmentIds). */
export function storedAppointmentIds(cart: CartRow): string[] {
  const ids = cart.data.appointmentIds
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []
}

/**
 * Spends what each voucher was priced to pay, in the payment's transaction (services/gifts
 * redeemGift: row lock, never below zero, once per cart). Codes go in order, as the gift service
 * asks, so two payments spending the same vouchers cannot deadlock. A voucher that can no longer
 * pay its part (spent by another cart meanwhile) is the gift service's 409 giftUsed, as when
 * pricing meets a spent voucher: the provider payment is refunded.
 */
export async function redeemVouchers(context: PaidContext, bookingOrderId: string): Promise<void> {
  for (const voucher of storedVouchers(context.cart)) {
    const redemption = await redeemGift(context.tx, {
      companyId: context.company.id,
      code: voucher.code,
      amount: voucher.amount,
      cartId: context.cart.id,
      bookingOrderId,
      by: 'system',
      now: context.now,
    })
    if (redemption.applied < voucher.amount) {
      throw giftSpent()
    }
  }
}
