import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { carts, companies, payments } from '#server/db/schema/index.ts'
import { clock, lockAll } from '#server/kernel/index.ts'
import { releaseCouponFor } from '../content/index.ts'
import { paymentCartLock } from './cart-lock.ts'
import { purposeHandler } from './purposes/index.ts'
import { OPEN_PAYMENT_STATUSES } from './statuses.ts'

/**
 * Gives up carts that will never be paid: e-shop, gift and paid-move carts past their expiry
 * (UNPAID_CART_MINUTES) get their purpose's abandon (stock back, pending voucher cancelled, a
 * move's held slot released) and
 * read 'expired'; then every open payment of an expired or cancelled cart (booking carts expire
 * with their holds, services/booking) is cancelled. One cart per transaction, under the cart's
 * payment lock, so a success arriving at the same moment either wins (the cart is paid and is
 * skipped) or finds the cart expired and is refunded. Returns how many carts were given up.
 */
export async function abandonExpiredCarts(db: Db, limit = 200): Promise<number> {
  const now = clock.now()
  const stale = await db
    .select({ cart: carts, company: companies })
    .from(carts)
    .innerJoin(companies, eq(companies.id, carts.companyId))
    .where(
      and(
        inArray(carts.purpose, ['eshop', 'gift', 'reschedule']),
        inArray(carts.status, ['open', 'paying']),
        lte(carts.expiresAt, now),
      ),
    )
    .limit(limit)
  for (const { cart, company } of stale) {
    await db.transaction(async (tx) => {
      await lockAll(tx, company.id, [paymentCartLock(cart.id)])
      const [still] = await tx
        .update(carts)
        .set({ status: 'expired', updatedAt: now })
        .where(
          and(
            eq(carts.companyId, company.id),
            eq(carts.id, cart.id),
            inArray(carts.status, ['open', 'paying']),
          ),
        )
        .returning()
      if (!still) return
      await purposeHandler(still.purpose).abandon?.({ tx, company, cart: still, now })
      await releaseCouponFor(tx, { companyId: company.id, cartId: cart.id }, now)
    })
  }
  await db
    .update(payments)
    .set({ status: 'cancelled', updatedAt: now })
    .where(
      and(
        inArray(payments.status, [...OPEN_PAYMENT_STATUSES]),
        sql`exists (select 1 from ${carts} where ${carts.companyId} = ${payments.companyId}
          and ${carts.id} = ${payments.cartId} and ${carts.status} in ('expired', 'cancelled'))`,
      ),
    )
  return stale.length
}
