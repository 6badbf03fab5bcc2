import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { DueAtShopItem } from '#contract/payment.ts'
import { maskGiftCode } from '#domain/gift/mask-code.ts'
import { DESK_METHODS, type DeskMethod } from '#domain/orders/desk-money.ts'
import { customerName } from '#domain/studio/customer-name.ts'
import type { Db, Tx } from '#server/db/client.ts'
import {
  accounts,
  bookingOrders,
  type CartRow,
  carts,
  eshopOrders,
  gifts,
  payments,
} from '#server/db/schema/index.ts'
import { Refusal } from '#server/kernel/index.ts'
import { redeemGift } from '../gifts/index.ts'
import type { Reach } from '../orders/index.ts'

/** The desk payment's helpers (at-shop.ts) and the list of what the shops await. */

export const record = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined

/** The method a recorded desk payment kept (one recorded before methods existed: cash). */
export function deskMethodOf(value: unknown): DeskMethod {
  return DESK_METHODS.find((m) => m === value) ?? 'cash'
}

/**
 * The shop's gift voucher pays the whole amount due, in the desk payment's transaction (its row
 * locked by redeemGift; a repeat for the same cart spends nothing more). One that covers less
 * is refused whole, nothing spent: a desk payment settles everything due at once. Answers the
 * voucher's id.
 */
export async function payWithVoucher(
  tx: Tx,
  companyId: number,
  cartId: string,
  input: {
    readonly voucherCode?: string | undefined
    readonly amount: number
    readonly by: string
  },
  now: Date,
): Promise<string> {
  const redemption = await redeemGift(tx, {
    companyId,
    code: input.voucherCode ?? '',
    amount: input.amount,
    cartId,
    by: input.by,
    now,
  })
  if (redemption.applied < input.amount) {
    throw new Refusal(
      409,
      'giftTooSmall',
      `Conflict: this gift card holds ${redemption.applied + redemption.remaining}, less than what is due.`,
    )
  }
  return redemption.giftId
}

/** The number the customer knows the order by: booking ideorder, e-shop number, masked code. */
export async function orderNumber(tx: Tx, cart: CartRow, orderId: string): Promise<string> {
  if (cart.purpose === 'eshop') {
    const [row] = await tx
      .select({ number: eshopOrders.number })
      .from(eshopOrders)
      .where(and(eq(eshopOrders.companyId, cart.companyId), eq(eshopOrders.cartId, cart.id)))
    return row?.number ?? orderId
  }
  if (cart.purpose === 'gift') {
    const [row] = await tx
      .select({ code: gifts.code })
      .from(gifts)
      .where(and(eq(gifts.companyId, cart.companyId), eq(gifts.cartId, cart.id)))
    return row ? maskGiftCode(row.code) : orderId
  }
  const [row] = await tx
    .select({ ideorder: bookingOrders.ideorder })
    .from(bookingOrders)
    .where(and(eq(bookingOrders.companyId, cart.companyId), eq(bookingOrders.cartId, cart.id)))
  return row?.ideorder ?? orderId
}

/**
 * GET /api/payment/due-at-shop: the e-shop orders and gift vouchers confirmed "pay at the shop"
 * whose payment no one recorded yet, newest first, in the user's shops (a manager's, or the
 * one asked for); bookings are in the agenda. A practitioner reaches no order without an
 * appointment of theirs, so none of these. At most 200: the desk's working list, not a report.
 */
export async function dueAtShop(
  db: Db,
  companyId: number,
  reach: Reach,
  shopId: string | undefined,
): Promise<DueAtShopItem[]> {
  if (reach.resources !== undefined) return []
  const shops =
    shopId === undefined ? reach.shops : (reach.shops ?? [shopId]).filter((s) => s === shopId)
  if (shops?.length === 0) return []
  const rows = await db
    .select({ payment: payments, cart: carts, email: accounts.email, profile: accounts.profile })
    .from(payments)
    .innerJoin(carts, and(eq(carts.companyId, payments.companyId), eq(carts.id, payments.cartId)))
    .leftJoin(
      accounts,
      and(eq(accounts.companyId, carts.companyId), eq(accounts.id, carts.customerId)),
    )
    .where(
      and(
        eq(payments.companyId, companyId),
        eq(payments.status, 'pending'),
        sql`${payments.data}->>'dueAtShop' = 'true'`,
        inArray(carts.purpose, ['eshop', 'gift']),
        shops === undefined ? undefined : inArray(carts.shopId, [...shops]),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(200)
  const cartIds = rows.map((r) => r.cart.id)
  if (cartIds.length === 0) return []
  const orders = await db
    .select({ id: eshopOrders.id, cartId: eshopOrders.cartId, number: eshopOrders.number })
    .from(eshopOrders)
    .where(and(eq(eshopOrders.companyId, companyId), inArray(eshopOrders.cartId, cartIds)))
  const vouchers = await db
    .select({ id: gifts.id, cartId: gifts.cartId, code: gifts.code })
    .from(gifts)
    .where(and(eq(gifts.companyId, companyId), inArray(gifts.cartId, cartIds)))
  return rows.flatMap(({ payment, cart, email, profile }) => {
    const order =
      cart.purpose === 'eshop'
        ? orders.find((o) => o.cartId === cart.id)
        : vouchers
            .filter((g) => g.cartId === cart.id)
            .map((g) => ({ id: g.id, number: maskGiftCode(g.code) }))[0]
    if (!order) return []
    const p = record(profile) ?? {}
    const text = (v: unknown) => (typeof v === 'string' ? v : undefined)
    const name = customerName({
      firstname: text(p.firstname),
      lastname: text(p.lastname),
      email: email ?? undefined,
    })
    return [
      {
        orderId: order.id,
        kind: cart.purpose === 'eshop' ? ('eshop' as const) : ('gift' as const),
        number: order.number,
        shopId: cart.shopId,
        customerName: name,
        due: { amount: payment.amountCents, currency: payment.currency },
        createdAt: payment.createdAt.toISOString(),
      },
    ]
  })
}
