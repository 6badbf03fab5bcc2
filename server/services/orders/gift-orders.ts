import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type * as z from 'zod/mini'
import type { giftOrdersQuery } from '#contract/calls/booking-admin.ts'
import type { Db } from '#server/db/client.ts'
import { carts, giftMovements, gifts } from '#server/db/schema/index.ts'
import { clock, notFound, Refusal } from '#server/kernel/index.ts'
import { giftView } from '../gifts/index.ts'
import { like } from './booking-history.ts'

/** The shop a voucher was sold by: its own, else its cart's (a cart is always for one shop). */
const shopOfGift = sql<string>`coalesce(${gifts.shopId}, ${carts.shopId}, '')`
const cartOfGift = and(eq(carts.companyId, gifts.companyId), eq(carts.id, gifts.cartId))
/** What refunds of its purchase took off the voucher (its 'cancel' movements, negative). */
const refundedOfGift = sql<number>`(select coalesce(-sum(m.amount_cents), 0)::int
  from ${giftMovements} m where m.company_id = ${gifts.companyId} and m.gift_id = ${gifts.id}
  and m.kind = 'cancel')`

export type GiftOrdersQuery = z.output<typeof giftOrdersQuery>

/** The filters of the gift sales: sold (active), in the UTC days asked, at the shops, by e-mail. */
function giftWhere(companyId: number, q: GiftOrdersQuery): SQL | undefined {
  const filters: (SQL | undefined)[] = [eq(gifts.companyId, companyId), eq(gifts.status, 'active')]
  if (q.start) filters.push(gte(gifts.createdAt, new Date(`${q.start}T00:00:00Z`)))
  if (q.end) {
    filters.push(lt(gifts.createdAt, new Date(Date.parse(`${q.end}T00:00:00Z`) + 86_400_000)))
  }
  if (q.shops) filters.push(inArray(shopOfGift, [...q.shops]))
  if (q.mail) {
    const mail = like(q.mail)
    filters.push(or(ilike(gifts.recipientEmail, mail), ilike(gifts.purchaserEmail, mail)))
  }
  return and(...filters)
}

/**
 * GET /giftOrders/history: the company's voucher sales (paid vouchers), newest first, paged,
 * filtered; with the totals of every voucher the filters select (all pages): sold (what they
 * were bought for: a voucher costs its amount), outstanding (what is left on them), refunded
 * (what refunds of their purchase took off them) and redeemed (the rest), summed over the same rows as the list (docs/decisions/076-studio-reports.md).
 */
export async function giftOrdersHistory(db: Db, companyId: number, q: GiftOrdersQuery) {
  const where = giftWhere(companyId, q)
  const [rows, [totals]] = await Promise.all([
    db
      .select({ gift: gifts, shopId: shopOfGift, refunded: refundedOfGift })
      .from(gifts)
      .leftJoin(carts, cartOfGift)
      .where(where)
      .orderBy(desc(gifts.createdAt), desc(gifts.id))
      .limit(q.itemPerPage)
      .offset((q.page - 1) * q.itemPerPage),
    db
      .select({
        n: count(),
        sold: sql<number>`coalesce(sum(${gifts.amountCents}), 0)::int`,
        outstanding: sql<number>`coalesce(sum(${gifts.remainingCents}), 0)::int`,
        refunded: sql<number>`coalesce(sum(${refundedOfGift}), 0)::int`,
        currency: sql<string | null>`min(${gifts.currency})`,
      })
      .from(gifts)
      .leftJoin(carts, cartOfGift)
      .where(where),
  ])
  const currency = totals?.currency ?? rows[0]?.gift.currency ?? 'EUR'
  const money = (amount: number) => ({ amount, currency })
  const sold = totals?.sold ?? 0
  const outstanding = totals?.outstanding ?? 0
  const refunded = Number(totals?.refunded ?? 0)
  return {
    items: rows.map(({ gift, shopId, refunded: back }) => ({
      idgift: gift.id,
      gift: giftView(gift),
      shopId: shopId || 'unknown',
      ...(gift.purchaserCustomerId === null ? {} : { customerId: gift.purchaserCustomerId }),
      paid: { amount: gift.amountCents, currency: gift.currency },
      refunded: { amount: Number(back), currency: gift.currency },
      createdAt: gift.createdAt.toISOString(),
    })),
    total: totals?.n ?? 0,
    page: q.page,
    itemPerPage: q.itemPerPage,
    totals: {
      count: totals?.n ?? 0,
      sold: money(sold),
      redeemed: money(sold - outstanding - refunded),
      refunded: money(refunded),
      outstanding: money(outstanding),
    },
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
