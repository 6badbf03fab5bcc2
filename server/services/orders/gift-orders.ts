import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { carts, giftMovements, gifts } from '#server/db/schema/index.ts'
import { clock, notFound, Refusal } from '#server/kernel/index.ts'
import { giftView } from '../gifts/index.ts'

/** The shop a voucher was sold by: its own, else its cart's (a cart is always for one shop). */
const shopOfGift = sql<string>`coalesce(${gifts.shopId}, ${carts.shopId}, '')`

/**
 * GET /giftOrders/history: the company's voucher sales (paid vouchers), newest first, paged.
 * A voucher costs its amount, so `paid` is the amount it was bought for.
 */
export async function giftOrdersHistory(
  db: Db,
  companyId: number,
  page: { page: number; itemPerPage: number },
) {
  const where = and(eq(gifts.companyId, companyId), eq(gifts.status, 'active'))
  const [rows, [total]] = await Promise.all([
    db
      .select({ gift: gifts, shopId: shopOfGift })
      .from(gifts)
      .leftJoin(carts, and(eq(carts.companyId, gifts.companyId), eq(carts.id, gifts.cartId)))
      .where(where)
      .orderBy(desc(gifts.createdAt), desc(gifts.id))
      .limit(page.itemPerPage)
      .offset((page.page - 1) * page.itemPerPage),
    db.select({ n: count() }).from(gifts).where(where),
  ])
  return {
    items: rows.map(({ gift, shopId }) => ({
      idgift: gift.id,
      gift: giftView(gift),
      shopId: shopId || 'unknown',
      ...(gift.purchaserCustomerId === null ? {} : { customerId: gift.purchaserCustomerId }),
      paid: { amount: gift.amountCents, currency: gift.currency },
      createdAt: gift.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: page.page,
    itemPerPage: page.itemPerPage,
  }
}

/**
 * DELETE /giftOrders/delete?idgift: the voucher is cancelled (its code stops working) and the
 * cancellation recorded. Only a voucher nothing was paid with yet (409 giftInUse otherwise: the
 * bookings it paid stand); unknown or already cancelled: 404. Giving the buyer's money back is
 * a payment refund (POST /api/payment/refund with the voucher's id), not this call.
 */
export async function deleteGiftOrder(db: Db, companyId: number, giftId: string, by: string) {
  await db.transaction(async (tx) => {
    const [gift] = await tx
      .select()
      .from(gifts)
      .where(and(eq(gifts.companyId, companyId), eq(gifts.id, giftId)))
      .for('update')
    if (!gift || gift.status === 'cancelled') throw notFound('No such gift.')
    if (gift.remainingCents < gift.amountCents) {
      throw new Refusal(409, 'giftInUse', 'Conflict: this gift card already paid a booking.')
    }
    await tx
      .update(gifts)
      .set({ status: 'cancelled', updatedAt: clock.now() })
      .where(and(eq(gifts.companyId, companyId), eq(gifts.id, gift.id)))
    await tx.insert(giftMovements).values({ companyId, giftId: gift.id, kind: 'cancel', by })
  })
}
