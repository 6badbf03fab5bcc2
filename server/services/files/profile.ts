import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type AccountRow, customerNotes, type GiftRow } from '#server/db/schema/index.ts'
import { customerGifts } from '../gifts/index.ts'
import { findCard } from '../loyalty/index.ts'
import { backOfficeView } from '../orders/index.ts'

export const giftSummary = (g: GiftRow) => ({
  code: g.code,
  status: g.status,
  amount: { amount: g.amountCents, currency: g.currency },
  remaining: { amount: g.remainingCents, currency: g.currency },
  validUntil: g.validUntil,
})

export async function notesOf(db: Db, companyId: number, customerId: string): Promise<string> {
  const [row] = await db
    .select({ notes: customerNotes.notes })
    .from(customerNotes)
    .where(and(eq(customerNotes.companyId, companyId), eq(customerNotes.customerId, customerId)))
  return row?.notes ?? ''
}

/**
 * The studio's customer profile beside history and remainingamount: who they are, the staff's
 * notes, their loyalty points (null without a card) and the vouchers they bought, with balance.
 */
export async function customerProfile(db: Db, companyId: number, customer: AccountRow) {
  const [notes, card, gifts] = await Promise.all([
    notesOf(db, companyId, customer.id),
    findCard(db, companyId, customer.id),
    customerGifts(db, companyId, customer.id),
  ])
  return {
    customer: backOfficeView(customer),
    since: customer.createdAt.toISOString(),
    notes,
    loyaltyPoints: card ? card.points : null,
    gifts: gifts.items.map(giftSummary),
  }
}

/** The staff's notes replace the previous ones; who wrote them last is kept. */
export async function saveNotes(
  db: Db,
  companyId: number,
  customerId: string,
  notes: string,
  providerId: string,
) {
  await db
    .insert(customerNotes)
    .values({ companyId, customerId, notes, updatedBy: providerId })
    .onConflictDoUpdate({
      target: [customerNotes.companyId, customerNotes.customerId],
      set: { notes, updatedBy: providerId, updatedAt: sql`now()` },
    })
  return { ok: true as const }
}
