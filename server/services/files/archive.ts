import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  type AccountRow,
  customerCredits,
  dossiers,
  loyaltyCards,
  loyaltyMovements,
  prestations,
} from '#server/db/schema/index.ts'
import { clock } from '#server/kernel/index.ts'
import { customerGifts } from '../gifts/index.ts'
import { backOfficeView, customerBookingOrders } from '../orders/index.ts'
import { dossierView } from './dossiers.ts'
import { lotsOf, prestationView } from './prestations.ts'
import { giftSummary, notesOf } from './profile.ts'

/** a row as plain JSON (dates as ISO text), for the parts of the archive the contract leaves open */
const plain = (row: object): Record<string, unknown> => JSON.parse(JSON.stringify(row))

/**
 * Everything held on a customer, one JSON document (docs/decisions/079-customer-files-and-erasure.md):
 * the account (never its password hash), the staff's notes, loyalty card and movements, vouchers
 * bought, credit ledger, booking orders, dossiers and prestations with their lots.
 */
export async function customerArchive(db: Db, companyId: number, customer: AccountRow) {
  const [notes, gifts, credits, orders, files, done, card] = await Promise.all([
    notesOf(db, companyId, customer.id),
    customerGifts(db, companyId, customer.id),
    db
      .select()
      .from(customerCredits)
      .where(
        and(eq(customerCredits.companyId, companyId), eq(customerCredits.customerId, customer.id)),
      )
      .orderBy(asc(customerCredits.at)),
    customerBookingOrders(db, companyId, customer.id),
    db
      .select()
      .from(dossiers)
      .where(and(eq(dossiers.companyId, companyId), eq(dossiers.customerId, customer.id)))
      .orderBy(asc(dossiers.createdAt)),
    db
      .select()
      .from(prestations)
      .where(and(eq(prestations.companyId, companyId), eq(prestations.customerId, customer.id)))
      .orderBy(asc(prestations.day)),
    db
      .select()
      .from(loyaltyCards)
      .where(and(eq(loyaltyCards.companyId, companyId), eq(loyaltyCards.customerId, customer.id))),
  ])
  const lots = await lotsOf(
    db,
    companyId,
    done.map((p) => p.id),
  )
  const [loyalty] = card
  const movements = loyalty
    ? await db
        .select()
        .from(loyaltyMovements)
        .where(
          and(eq(loyaltyMovements.companyId, companyId), eq(loyaltyMovements.cardId, loyalty.id)),
        )
    : []
  const { passwordHash: _secret, ...account } = customer
  return {
    format: 'customer-archive/1' as const,
    exportedAt: clock.now().toISOString(),
    customer: backOfficeView(customer),
    account: plain(account),
    notes,
    loyalty: loyalty ? plain({ ...loyalty, movements }) : null,
    gifts: gifts.items.map(giftSummary),
    credits: credits.map(plain),
    orders,
    dossiers: files.map(dossierView),
    prestations: done.map((p) => prestationView(p, lots)),
  }
}
