import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import { accounts, customerCredits } from '#server/db/schema/index.ts'
import { badRequest } from '#server/kernel/index.ts'

/** Credit left on a customer's account, minor units (the sum of its ledger). */
export async function creditBalance(
  db: Db,
  companyId: number,
  customerId: string,
): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${customerCredits.amountCents}), 0)::int` })
    .from(customerCredits)
    .where(
      and(eq(customerCredits.companyId, companyId), eq(customerCredits.customerId, customerId)),
    )
  return row?.sum ?? 0
}

/** An order's credit: what was given as credit from it, and what of that is left. */
export async function orderCredit(
  db: Db,
  companyId: number,
  ideorder: string,
): Promise<{ credit: number; remaining: number }> {
  const [row] = await db
    .select({
      credit: sql<number>`coalesce(sum(${customerCredits.amountCents}) filter (where ${customerCredits.amountCents} > 0), 0)::int`,
      remaining: sql<number>`coalesce(sum(${customerCredits.amountCents}), 0)::int`,
    })
    .from(customerCredits)
    .where(
      and(eq(customerCredits.companyId, companyId), eq(customerCredits.sourceIdeorder, ideorder)),
    )
  return { credit: row?.credit ?? 0, remaining: row?.remaining ?? 0 }
}

/** Where an order's credit was spent: what each spend paid (usedBy), oldest first. */
export async function creditUses(db: Db, companyId: number, ideorder: string) {
  const rows = await db
    .select()
    .from(customerCredits)
    .where(
      and(
        eq(customerCredits.companyId, companyId),
        eq(customerCredits.sourceIdeorder, ideorder),
        eq(customerCredits.kind, 'spend'),
      ),
    )
    .orderBy(asc(customerCredits.at), asc(customerCredits.id))
  return rows.map((row) => ({
    ideorder: row.usedBy ?? '',
    amount: { amount: -row.amountCents, currency: row.currency },
    at: row.at.toISOString(),
  }))
}

/**
 * Spends up to `amount` of a customer's credit on `usedBy` (an order or cart), oldest credit
 * first, one ledger row per source order. The customer's account row is locked first (FOR
 * UPDATE), so concurrent spends of one customer queue and never take the same credit twice.
 * Returns what was applied (0 when nothing is left). For the payments part.
 */
export async function spendCustomerCredit(
  tx: Tx,
  input: { companyId: number; customerId: string; amount: number; usedBy: string; by?: string },
): Promise<number> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) {
    throw badRequest('The amount must be a positive integer.', 'invalidInput')
  }
  const { companyId, customerId } = input
  await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), eq(accounts.id, customerId)))
    .for('update')
  const sources = await tx
    .select({
      ideorder: customerCredits.sourceIdeorder,
      left: sql<number>`sum(${customerCredits.amountCents})::int`,
      first: sql<string>`min(${customerCredits.at})`,
      currency: sql<string>`min(${customerCredits.currency})`,
    })
    .from(customerCredits)
    .where(
      and(eq(customerCredits.companyId, companyId), eq(customerCredits.customerId, customerId)),
    )
    .groupBy(customerCredits.sourceIdeorder)
    .having(sql`sum(${customerCredits.amountCents}) > 0`)
    .orderBy(sql`min(${customerCredits.at})`, desc(customerCredits.sourceIdeorder))
  let applied = 0
  for (const source of sources) {
    const take = Math.min(source.left, input.amount - applied)
    if (take <= 0) break
    await tx.insert(customerCredits).values({
      companyId,
      customerId,
      kind: 'spend',
      amountCents: -take,
      currency: source.currency,
      sourceIdeorder: source.ideorder,
      usedBy: input.usedBy,
      by: input.by ?? 'system',
    })
    applied += take
  }
  return applied
}
