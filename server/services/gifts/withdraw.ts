import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import { giftMovements, gifts } from '#server/db/schema/index.ts'
import { Refusal } from '#server/kernel/index.ts'

/**
 * A voucher's purchase refunded (docs/decisions/078-desk-payments.md): the money given back
 * leaves the voucher, or the buyer would keep both. Only what is left on it can be given back:
 * what it already paid stays paid. Its value is taken before the provider refunds
 * (holdGiftForRefund, a conditional update, so a redemption at the same moment and the refund
 * cannot both have the same euros), given back if the provider fails (releaseGiftHold), and the
 * withdrawal recorded with the refund's bookkeeping (recordGiftWithdrawal).
 */
const purchasedBy = (companyId: number, cartId: string) =>
  and(eq(gifts.companyId, companyId), eq(gifts.cartId, cartId))

export const giftPartlySpent = (left: number) =>
  new Refusal(
    409,
    'refundTooLarge',
    `Conflict: the voucher was partly spent, at most ${left} can still be refunded.`,
  )

/**
 * Takes `amountCents` off the active voucher this cart bought. A voucher left empty stays a
 * sale of the reports, spent like one used up (its code pays nothing more). False when the cart
 * bought no voucher; refused (refundTooLarge) when less than that is left on it.
 */
export async function holdGiftForRefund(
  tx: Tx,
  input: { companyId: number; cartId: string; amountCents: number },
): Promise<boolean> {
  const where = purchasedBy(input.companyId, input.cartId)
  const [held] = await tx
    .update(gifts)
    .set({ remainingCents: sql`${gifts.remainingCents} - ${input.amountCents}` })
    .where(
      and(where, eq(gifts.status, 'active'), sql`${gifts.remainingCents} >= ${input.amountCents}`),
    )
    .returning({ id: gifts.id })
  if (held) return true
  const [gift] = await tx.select().from(gifts).where(where)
  if (!gift) return false
  throw giftPartlySpent(gift.status === 'active' ? gift.remainingCents : 0)
}

/** The provider did not refund: the voucher gets back what holdGiftForRefund took. */
export async function releaseGiftHold(
  db: Db,
  input: { companyId: number; cartId: string; amountCents: number },
): Promise<void> {
  await db
    .update(gifts)
    .set({ remainingCents: sql`${gifts.remainingCents} + ${input.amountCents}` })
    .where(purchasedBy(input.companyId, input.cartId))
}

/**
 * The refund's trace on the voucher (a 'cancel' movement of minus what it gave back). `held`:
 * holdGiftForRefund already took it; otherwise (a refund the provider reports, made in its
 * dashboard) what is left on the voucher is taken now, up to that amount.
 */
export async function recordGiftWithdrawal(
  tx: Tx,
  input: { companyId: number; cartId: string; amountCents: number; held: boolean; by: string },
): Promise<void> {
  const where = purchasedBy(input.companyId, input.cartId)
  const [gift] = await tx.select().from(gifts).where(where).for('update')
  if (!gift) return
  const taken = input.held ? input.amountCents : Math.min(input.amountCents, gift.remainingCents)
  if (!input.held && taken > 0) {
    await tx
      .update(gifts)
      .set({ remainingCents: gift.remainingCents - taken })
      .where(where)
  }
  await tx.insert(giftMovements).values({
    companyId: input.companyId,
    giftId: gift.id,
    kind: 'cancel',
    amountCents: -taken,
    cartId: input.cartId,
    by: input.by,
    note: 'refund',
  })
}
