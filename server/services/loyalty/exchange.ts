import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { loyaltyCards, loyaltyMovements } from '#server/db/schema/index.ts'
import { clock, notFound, Refusal } from '#server/kernel/index.ts'
import { cardView, findCard } from './card.ts'
import { activeProgram } from './program.ts'

export const notEnoughPoints = () =>
  new Refusal(409, 'notEnoughPoints', 'Conflict: not enough points for this reward.')

/**
 * POST /api/loyalty/exchange: spends a tier's points, atomically. The debit is
 * `points = points - n where points >= n` in one statement (PostgreSQL re-checks the condition
 * after waiting for a concurrent exchange), and CHECK (points >= 0) backs it: two exchanges can
 * never spend the same points. Refusals: 404 noLoyaltyProgram (none active), unknownPalier,
 * noLoyaltyCard; 409 notEnoughPoints. Returns the card after the exchange.
 */
export async function exchangeTier(
  db: Db,
  input: { companyId: number; customerId: string; palierId: string; now?: Date },
) {
  const program = await activeProgram(db, input.companyId)
  if (!program) throw notFound('No loyalty programme.', 'noLoyaltyProgram')
  const tier = program.paliers.find((p) => p.id === input.palierId)
  if (!tier) throw notFound('No such reward.', 'unknownPalier')
  const now = input.now ?? clock.now()
  return db.transaction(async (tx) => {
    const card = await findCard(tx, input.companyId, input.customerId)
    if (!card) throw notFound('No loyalty card.', 'noLoyaltyCard')
    const [debited] = await tx
      .update(loyaltyCards)
      .set({ points: sql`${loyaltyCards.points} - ${tier.points}`, updatedAt: now })
      .where(
        and(
          eq(loyaltyCards.companyId, input.companyId),
          eq(loyaltyCards.id, card.id),
          sql`${loyaltyCards.points} >= ${tier.points}`,
        ),
      )
      .returning()
    if (!debited) throw notEnoughPoints()
    await tx.insert(loyaltyMovements).values({
      companyId: input.companyId,
      cardId: card.id,
      delta: -tier.points,
      reason: 'exchange',
      tierId: tier.id,
      by: input.customerId,
      at: now,
    })
    return cardView(debited, program)
  })
}
