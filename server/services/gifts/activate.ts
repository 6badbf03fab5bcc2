import { and, eq } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { type GiftRow, giftMovements, gifts } from '#server/db/schema/index.ts'
import { clock } from '#server/kernel/index.ts'
import { queueGiftMessage } from './message.ts'

/** A voucher is valid one year from its payment (last valid day, UTC calendar date). */
export const GIFT_VALIDITY_MONTHS = 12

function lastValidDay(now: Date): string {
  const end = new Date(now)
  end.setUTCMonth(end.getUTCMonth() + GIFT_VALIDITY_MONTHS)
  return end.toISOString().slice(0, 10)
}

/**
 * Payment succeeded: the voucher becomes usable, valid a year, its purchase is recorded and its
 * code e-mailed to the recipient (outbox, same transaction). Idempotent: a voucher already
 * active is returned unchanged and no second e-mail is written (a repeated callback).
 * Undefined when there is no such pending or active voucher.
 */
export async function activateGift(
  tx: Tx,
  input: { companyId: number; giftId: string; now?: Date },
): Promise<GiftRow | undefined> {
  const now = input.now ?? clock.now()
  const where = and(eq(gifts.companyId, input.companyId), eq(gifts.id, input.giftId))
  const [activated] = await tx
    .update(gifts)
    .set({ status: 'active', validUntil: lastValidDay(now), updatedAt: now })
    .where(and(where, eq(gifts.status, 'pending')))
    .returning()
  if (!activated) {
    const [existing] = await tx
      .select()
      .from(gifts)
      .where(and(where, eq(gifts.status, 'active')))
    return existing
  }
  await tx.insert(giftMovements).values({
    companyId: input.companyId,
    giftId: activated.id,
    kind: 'purchase',
    amountCents: activated.amountCents,
    cartId: activated.cartId,
    at: now,
  })
  await queueGiftMessage(tx, activated)
  return activated
}

/** Every pending voucher of a paid cart, activated (see activateGift). */
export async function activateCartGifts(
  tx: Tx,
  input: { companyId: number; cartId: string; now?: Date },
): Promise<GiftRow[]> {
  const rows = await tx
    .select({ id: gifts.id })
    .from(gifts)
    .where(and(eq(gifts.companyId, input.companyId), eq(gifts.cartId, input.cartId)))
  const activated: GiftRow[] = []
  for (const { id } of rows) {
    const gift = await activateGift(tx, { ...input, giftId: id })
    if (gift) activated.push(gift)
  }
  return activated
}

/** The payment failed or was abandoned: its pending vouchers are cancelled (never usable). */
export async function cancelPendingGifts(
  tx: Tx,
  input: { companyId: number; cartId: string; now?: Date },
): Promise<void> {
  await tx
    .update(gifts)
    .set({ status: 'cancelled', updatedAt: input.now ?? clock.now() })
    .where(
      and(
        eq(gifts.companyId, input.companyId),
        eq(gifts.cartId, input.cartId),
        eq(gifts.status, 'pending'),
      ),
    )
}
