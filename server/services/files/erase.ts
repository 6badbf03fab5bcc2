import { and, count, eq, inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  type AccountRow,
  accounts,
  bookingOrders,
  customerNotes,
  dossiers,
  gifts,
  loyaltyCards,
  notifications,
  prestationLots,
  prestations,
  tokens,
  waitlistEntries,
} from '#server/db/schema/index.ts'
import { clock } from '#server/kernel/index.ts'

/**
 * Erasure on request (docs/decisions/079-customer-files-and-erasure.md), in one transaction:
 * - gone: the staff's notes, the dossiers, the loyalty card, waiting-list entries, sessions and
 *   social sign-ins (cascade), e-mails and SMS sent to them, the name on vouchers they bought;
 * - anonymised, kept: the account row (orders, invoices, payments and credit keep pointing at
 *   it, as accounting law asks) with no e-mail, phone, password or profile left;
 * - kept without the person: each prestation's date, service, practitioner and lots, for the
 *   lot traceability a recall needs; its notes and its link to the customer go.
 */
export async function eraseCustomer(db: Db, companyId: number, customer: AccountRow) {
  const id = customer.id
  return db.transaction(async (tx) => {
    await tx
      .delete(customerNotes)
      .where(and(eq(customerNotes.companyId, companyId), eq(customerNotes.customerId, id)))
    await tx
      .delete(dossiers)
      .where(and(eq(dossiers.companyId, companyId), eq(dossiers.customerId, id)))
    const kept = await tx
      .update(prestations)
      .set({ customerId: null, dossierId: null, notes: '', updatedAt: clock.now() })
      .where(and(eq(prestations.companyId, companyId), eq(prestations.customerId, id)))
      .returning({ id: prestations.id })
    const [lotUses] = kept.length
      ? await tx
          .select({ n: count() })
          .from(prestationLots)
          .where(
            and(
              eq(prestationLots.companyId, companyId),
              inArray(
                prestationLots.prestationId,
                kept.map((p) => p.id),
              ),
            ),
          )
      : [{ n: 0 }]
    await tx
      .delete(loyaltyCards)
      .where(and(eq(loyaltyCards.companyId, companyId), eq(loyaltyCards.customerId, id)))
    await tx
      .delete(waitlistEntries)
      .where(and(eq(waitlistEntries.companyId, companyId), eq(waitlistEntries.customerId, id)))
    await tx.delete(tokens).where(and(eq(tokens.companyId, companyId), eq(tokens.subjectId, id)))
    const contacts = [customer.email, ...(customer.phone ? [customer.phone] : [])]
    await tx
      .delete(notifications)
      .where(
        and(eq(notifications.companyId, companyId), inArray(notifications.recipient, contacts)),
      )
    await tx
      .update(gifts)
      .set({ purchaserEmail: null, fromName: null })
      .where(and(eq(gifts.companyId, companyId), eq(gifts.purchaserCustomerId, id)))
    await tx
      .update(accounts)
      .set({
        email: `erased-${id}@erased.invalid`,
        phone: null,
        passwordHash: null,
        profile: { erasedAt: clock.now().toISOString() },
        verifiedAt: null,
        updatedAt: clock.now(),
      })
      .where(and(eq(accounts.companyId, companyId), eq(accounts.id, id)))
    const [orders] = await tx
      .select({ n: count() })
      .from(bookingOrders)
      .where(and(eq(bookingOrders.companyId, companyId), eq(bookingOrders.customerId, id)))
    return { erased: true as const, keptOrders: orders?.n ?? 0, keptLotUses: lotUses?.n ?? 0 }
  })
}
