import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { loyaltyCards, loyaltyMovements } from '#server/db/schema/index.ts'
import { clock } from '#server/kernel/index.ts'
import { ensureCard } from './card.ts'
import { activeProgram, pointsFor } from './program.ts'

export interface CreditInput {
  readonly companyId: number
  readonly customerId: string
  /** the paid order's id: an order credits once */
  readonly orderId: string
  /** what the customer paid, minor units */
  readonly amountCents: number
  /** which kind of order (default 'booking'): a booking and an e-shop order may share an id */
  readonly sourceKind?: 'booking' | 'eshop' | 'gift' | undefined
  readonly by?: string | undefined
  readonly now?: Date | undefined
}

export interface Credit {
  readonly cardNumber: string
  /** points added by this call: 0 when the order had already been credited */
  readonly credited: number
  /** the card's balance afterwards */
  readonly points: number
}

/**
 * A paid order earns points: pointsPerEuro of the active programme per whole unit paid, on the
 * customer's card (created when they have none). Idempotent per (card, kind, order): the earn
 * movement is unique (partial unique index), inserted first with `on conflict do nothing`, and
 * the balance moves only when that insert wrote a row, so a repeated payment callback credits
 * nothing more. Undefined when there is nothing to credit (no active programme, under one unit).
 */
export async function creditLoyalty(tx: Tx, input: CreditInput): Promise<Credit | undefined> {
  const program = await activeProgram(tx, input.companyId)
  if (!program) return undefined
  const points = pointsFor(program, input.amountCents)
  if (points <= 0) return undefined
  const card = await ensureCard(tx, input.companyId, input.customerId)
  const [earned] = await tx
    .insert(loyaltyMovements)
    .values({
      companyId: input.companyId,
      cardId: card.id,
      delta: points,
      reason: 'earn',
      sourceKind: input.sourceKind ?? 'booking',
      sourceId: input.orderId,
      by: input.by ?? 'system',
      at: input.now ?? clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: loyaltyMovements.id })
  if (!earned) return { cardNumber: card.number, credited: 0, points: card.points }
  const [updated] = await tx
    .update(loyaltyCards)
    .set({ points: sql`${loyaltyCards.points} + ${points}`, updatedAt: input.now ?? clock.now() })
    .where(and(eq(loyaltyCards.companyId, input.companyId), eq(loyaltyCards.id, card.id)))
    .returning({ points: loyaltyCards.points })
  return { cardNumber: card.number, credited: points, points: updated?.points ?? card.points }
}
