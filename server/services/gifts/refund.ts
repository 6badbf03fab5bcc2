import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { giftMovements, gifts } from '#server/db/schema/index.ts'
import { clock } from '#server/kernel/index.ts'

/**
 * A payment that used vouchers failed, was cancelled or refunded: each voucher gets back what
 * this cart took from it (net of earlier refunds), recorded as a 'refund' movement. Idempotent:
 * a second call finds nothing left to give back. Returns the total given back, minor units.
 */
export async function refundCartRedemptions(
  tx: Tx,
  input: { companyId: number; cartId: string; by?: string; now?: Date },
): Promise<number> {
  const now = input.now ?? clock.now()
  const taken = await tx
    .select({
      giftId: giftMovements.giftId,
      net: sql<number>`(-sum(${giftMovements.amountCents}))::int`,
    })
    .from(giftMovements)
    .where(
      and(
        eq(giftMovements.companyId, input.companyId),
        eq(giftMovements.cartId, input.cartId),
        sql`${giftMovements.kind} in ('redeem', 'refund')`,
      ),
    )
    .groupBy(giftMovements.giftId)
    .orderBy(giftMovements.giftId)
  let total = 0
  for (const { giftId, net } of taken) {
    if (net <= 0) continue
    // Same row lock order as redeemGift (one voucher at a time, by id): no deadlock between them.
    await tx
      .update(gifts)
      .set({ remainingCents: sql`least(${gifts.remainingCents} + ${net}, ${gifts.amountCents})` })
      .where(and(eq(gifts.companyId, input.companyId), eq(gifts.id, giftId)))
    await tx.insert(giftMovements).values({
      companyId: input.companyId,
      giftId,
      kind: 'refund',
      amountCents: net,
      cartId: input.cartId,
      by: input.by ?? 'system',
      at: now,
    })
    total += net
  }
  return total
}
