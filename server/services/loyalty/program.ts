import { and, asc, eq } from 'drizzle-orm'
import {
  type LoyaltyProgram,
  type LoyaltyTier,
  loyaltyProgram,
  loyaltyTier,
} from '#contract/loyalty.ts'
import type { Db } from '#server/db/client.ts'
import { contentTables } from '#server/db/schema/index.ts'

/**
 * The company's active loyalty programme (loyalty_programs: the seed names it 'default'; the
 * first published one by order wins), or undefined when it has none or switched it off.
 * Tiers are read one by one: a tier that breaks the contract is left out rather than hiding
 * the whole programme.
 */
export async function activeProgram(
  db: Db,
  companyId: number,
): Promise<LoyaltyProgram | undefined> {
  const table = contentTables.loyaltyPrograms
  const rows = await db
    .select()
    .from(table)
    .where(and(eq(table.companyId, companyId), eq(table.published, true)))
    .orderBy(asc(table.order), asc(table.id))
  for (const row of rows) {
    const { paliers, ...rest } = row.data
    const parsed = loyaltyProgram.safeParse({ ...rest, paliers: [] })
    if (!parsed.success || !parsed.data.active) continue
    const tiers = (Array.isArray(paliers) ? paliers : []).flatMap((raw): LoyaltyTier[] => {
      const tier = loyaltyTier.safeParse(raw)
      return tier.success ? [tier.data] : []
    })
    return { ...parsed.data, paliers: tiers }
  }
  return undefined
}

/**
 * Points earned for a paid amount: pointsPerEuro per whole currency unit (minor units / 100,
 * rounded down: 12,99 € at 1 point per euro is 12 points).
 */
export function pointsFor(program: LoyaltyProgram, amountCents: number): number {
  if (!Number.isFinite(amountCents) || amountCents <= 0) return 0
  return Math.floor(Math.floor(amountCents / 100) * program.pointsPerEuro + 1e-9)
}
