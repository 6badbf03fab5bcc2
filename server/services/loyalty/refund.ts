import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { loyaltyCards, loyaltyMovements } from '#server/db/schema/index.ts'
import { clock } from '#server/kernel/index.ts'
import { findCard } from './card.ts'

export interface RefundDebitInput {
  readonly companyId: number
  readonly customerId: string
  /** the refunded order, as creditLoyalty named it (kind and id of the earn movement) */
  readonly orderId: string
  readonly sourceKind: 'booking' | 'eshop' | 'gift'
  /** what the payment took, minor units (the amount the points were earned on) */
  readonly paidCents: number
  /** everything refunded of that payment so far, this refund included, minor units */
  readonly refundedCents: number
  readonly by?: string | undefined
  readonly now?: Date | undefined
}

export interface RefundDebit {
  readonly cardNumber: string
  /** points taken from the card by this call */
  readonly debited: number
  /** points owed by this call that the card no longer had */
  readonly shortfall: number
  /** the card's balance afterwards */
  readonly points: number
}

/**
 * A refund takes back the points its part of the order had earned. The order's refunds owe,
 * all together, floor(earned × refunded / paid) points: each call owes that target minus what
 * the order's earlier refund movements already owed (taken or short), so partial refunds are
 * proportional, rounded down, never sum to more than was earned, and a repeated call owes
 * nothing more. The card row is locked (FOR UPDATE) before the earlier movements are read, so
 * two refunds of one order (or of two orders of one card) settle their debits one after the
 * other. The card never goes below zero: points already spent are recorded as the movement's
 * shortfall (the movement is written even when nothing could be taken, delta 0). Runs in the
 * caller's transaction (the refund's bookkeeping). Undefined when the order earned nothing
 * (no card, no earn movement) or this refund owes no whole point.
 */
export async function debitLoyaltyForRefund(
  tx: Tx,
  input: RefundDebitInput,
): Promise<RefundDebit | undefined> {
  if (input.paidCents <= 0 || input.refundedCents <= 0) return undefined
  const card = await findCard(tx, input.companyId, input.customerId)
  if (!card) return undefined
  const ofOrder = and(
    eq(loyaltyMovements.companyId, input.companyId),
    eq(loyaltyMovements.cardId, card.id),
    eq(loyaltyMovements.sourceKind, input.sourceKind),
    eq(loyaltyMovements.sourceId, input.orderId),
  )
  const [earn] = await tx
    .select({ delta: loyaltyMovements.delta })
    .from(loyaltyMovements)
    .where(and(ofOrder, eq(loyaltyMovements.reason, 'earn')))
  if (!earn || earn.delta <= 0) return undefined

  const [locked] = await tx
    .select({ points: loyaltyCards.points })
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.companyId, input.companyId), eq(loyaltyCards.id, card.id)))
    .for('update')
  if (!locked) return undefined
  const [owedBefore] = await tx
    .select({
      owed: sql<number>`coalesce(sum(${loyaltyMovements.shortfall} - ${loyaltyMovements.delta}), 0)::int`,
    })
    .from(loyaltyMovements)
    .where(and(ofOrder, eq(loyaltyMovements.reason, 'refund')))
  const share = Math.min(input.refundedCents, input.paidCents)
  // Integer arithmetic: earned × share fits easily in a double for any real amount.
  const target = Math.floor((earn.delta * share) / input.paidCents)
  const owed = target - Number(owedBefore?.owed ?? 0)
  if (owed <= 0) return undefined

  const debited = Math.min(owed, locked.points)
  const shortfall = owed - debited
  const now = input.now ?? clock.now()
  const [updated] =
    debited > 0
      ? await tx
          .update(loyaltyCards)
          .set({ points: sql`${loyaltyCards.points} - ${debited}`, updatedAt: now })
          .where(and(eq(loyaltyCards.companyId, input.companyId), eq(loyaltyCards.id, card.id)))
          .returning({ points: loyaltyCards.points })
      : [{ points: locked.points }]
  await tx.insert(loyaltyMovements).values({
    companyId: input.companyId,
    cardId: card.id,
    delta: -debited,
    shortfall,
    reason: 'refund',
    sourceKind: input.sourceKind,
    sourceId: input.orderId,
    by: input.by ?? 'system',
    at: now,
  })
  return {
    cardNumber: card.number,
    debited,
    shortfall,
    points: updated?.points ?? locked.points - debited,
  }
}
