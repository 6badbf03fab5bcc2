import { and, asc, desc, eq } from 'drizzle-orm'
import { mayTraceLots, normaliseLot } from '#domain/studio/customer-files.ts'
import type { Db } from '#server/db/client.ts'
import { accounts, prestationLots, prestations } from '#server/db/schema/index.ts'
import { forbidden } from '#server/kernel/index.ts'
import { backOfficeView, type Staff } from '../orders/index.ts'

/**
 * The traceability search (docs/decisions/079-customer-files-and-erasure.md): every prestation
 * a pigment or needle lot was used in, newest first, and the customer it touched; an erased
 * customer's use stays, without the person. Served by prestation_lots_lot_idx.
 */
export async function lotUses(db: Db, companyId: number, staff: Staff, lot: string) {
  if (!mayTraceLots(staff.scope)) throw forbidden('The lot search is for owners and managers.')
  const rows = await db
    .select({ line: prestationLots, prestation: prestations, account: accounts })
    .from(prestationLots)
    .innerJoin(
      prestations,
      and(
        eq(prestations.companyId, prestationLots.companyId),
        eq(prestations.id, prestationLots.prestationId),
      ),
    )
    .leftJoin(
      accounts,
      and(eq(accounts.companyId, prestations.companyId), eq(accounts.id, prestations.customerId)),
    )
    .where(and(eq(prestationLots.companyId, companyId), eq(prestationLots.lot, normaliseLot(lot))))
    .orderBy(desc(prestations.day), asc(prestations.id), asc(prestationLots.position))
  return rows.map(({ line, prestation, account }) => ({
    lot: line.lot,
    kind: line.kind,
    product: line.colour ? `${line.product} · ${line.colour}` : line.product,
    prestationId: prestation.id,
    date: prestation.day,
    service: prestation.service,
    customer: account ? backOfficeView(account) : null,
  }))
}
