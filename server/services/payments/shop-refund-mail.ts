import { and, eq } from 'drizzle-orm'
import { maskGiftCode } from '#domain/gift/mask-code.ts'
import type { Tx } from '#server/db/client.ts'
import { type CartRow, type CompanyRow, eshopOrders, gifts } from '#server/db/schema/index.ts'
import { queueDeskMail } from './desk-mail.ts'

/**
 * The customer's e-mail for a refund of an e-shop order or of a voucher's purchase
 * (docs/decisions/078-desk-payments.md), in the refund's transaction: the order's number, or
 * the voucher's masked code. A visit's refund is mailed by its own path (order-refunds.ts).
 */
export async function queueShopRefundMail(
  tx: Tx,
  company: CompanyRow,
  cart: CartRow,
  amountCents: number,
): Promise<void> {
  const number = await refundedNumber(tx, company.id, cart)
  if (number === undefined) return
  await queueDeskMail(tx, company, cart, { event: 'refunded', amountCents, number })
}

/** What the customer knows the refunded purchase by; undefined for a visit's cart. */
async function refundedNumber(tx: Tx, companyId: number, cart: CartRow) {
  if (cart.purpose === 'eshop') {
    const [order] = await tx
      .select({ number: eshopOrders.number })
      .from(eshopOrders)
      .where(and(eq(eshopOrders.companyId, companyId), eq(eshopOrders.cartId, cart.id)))
    return order?.number
  }
  if (cart.purpose !== 'gift') return undefined
  const [gift] = await tx
    .select({ code: gifts.code })
    .from(gifts)
    .where(and(eq(gifts.companyId, companyId), eq(gifts.cartId, cart.id)))
  return gift ? maskGiftCode(gift.code) : undefined
}
