import { randomInt } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { LoyaltyProgram } from '#contract/loyalty.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { type LoyaltyCardRow, loyaltyCards } from '#server/db/schema/index.ts'

/** The card in the contract's shape: its balance with the programme's name and tiers. */
export function cardView(card: LoyaltyCardRow, program: LoyaltyProgram) {
  return {
    number: card.number,
    points: card.points,
    createdAt: card.createdAt.toISOString(),
    name: program.name,
    paliers: program.paliers,
  }
}

export async function findCard(
  db: Db,
  companyId: number,
  customerId: string,
): Promise<LoyaltyCardRow | undefined> {
  const [card] = await db
    .select()
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.companyId, companyId), eq(loyaltyCards.customerId, customerId)))
  return card
}

/** LC-12345678: a number for cards the business did not hand out itself. */
function cardNumber(): string {
  return `LC-${String(randomInt(100_000_000)).padStart(8, '0')}`
}

/**
 * The customer's card, created (0 points) on their first paid order when they have none: a
 * loyalty programme nobody could join would never credit anyone. Concurrent creations are safe:
 * `on conflict do nothing` (one card per customer; a number drawn twice is drawn again).
 */
export async function ensureCard(
  tx: Tx,
  companyId: number,
  customerId: string,
): Promise<LoyaltyCardRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await findCard(tx, companyId, customerId)
    if (existing) return existing
    const [created] = await tx
      .insert(loyaltyCards)
      .values({ companyId, customerId, number: cardNumber(), points: 0 })
      .onConflictDoNothing()
      .returning()
    if (created) return created
  }
  throw new Error('could not create a loyalty card')
}
