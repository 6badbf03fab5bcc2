import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type * as z from 'zod/mini'
import type { prestationBody } from '#contract/customer-files.ts'
import { expiredOn } from '#domain/studio/customer-files.ts'
import type { Db } from '#server/db/client.ts'
import { prestationLots, prestations } from '#server/db/schema/index.ts'
import { conflict, forbidden, notFound } from '#server/kernel/index.ts'
import { type Asker, dossierService } from './dossiers.ts'
import { stockService } from './stock.ts'

type PrestationRow = typeof prestations.$inferSelect
type LotRow = typeof prestationLots.$inferSelect
type Body = z.output<typeof prestationBody>

/** The contract's prestation from its row and its lot lines (in the order recorded). */
export function prestationView(r: PrestationRow, lots: readonly LotRow[]) {
  const mine = lots.filter((l) => l.prestationId === r.id).sort((a, b) => a.position - b.position)
  return {
    id: r.id,
    dossierId: r.dossierId ?? '',
    customerId: r.customerId ?? '',
    date: r.day,
    service: r.service,
    ...(r.practitionerId ? { practitionerId: r.practitionerId } : {}),
    notes: r.notes,
    pigments: mine
      .filter((l) => l.kind === 'pigment')
      .map((l) => ({
        pigmentId: l.itemId,
        brand: l.product,
        colour: l.colour ?? '',
        lot: l.lot,
        expiry: l.expiry ?? r.day,
      })),
    needles: mine
      .filter((l) => l.kind === 'needle')
      .map((l) => ({ needleId: l.itemId, type: l.product, lot: l.lot })),
  }
}

export async function lotsOf(db: Db, companyId: number, ids: readonly string[]) {
  if (ids.length === 0) return []
  return db
    .select()
    .from(prestationLots)
    .where(
      and(eq(prestationLots.companyId, companyId), inArray(prestationLots.prestationId, [...ids])),
    )
}

/**
 * A practitioner records what they performed: the prestation names one of their resources (or
 * none, and then theirs is assumed by nobody: the field stays empty).
 */
function practitionerOf(who: Asker, body: Body): string | undefined {
  const own = who.staff.scope.resourceIds
  if (own === undefined || body.practitionerId === undefined) return body.practitionerId
  if (!own.includes(body.practitionerId)) throw forbidden('A practitioner records their own work.')
  return body.practitionerId
}

/** Prestations of a dossier: what was performed, and which pigment and needle lots it used. */
export function prestationService(db: Db, companyId: number) {
  const files = dossierService(db, companyId)
  const stock = stockService(db, companyId)
  const where = (id: string) => and(eq(prestations.companyId, companyId), eq(prestations.id, id))

  async function reachable(who: Asker, id: string): Promise<PrestationRow> {
    const [row] = await db.select().from(prestations).where(where(id))
    // an erased customer's prestation has no dossier: only the lot search still shows it
    if (!row?.dossierId) throw notFound('No such prestation.')
    await files.reachable(who, row.dossierId).catch(() => {
      throw notFound('No such prestation.')
    })
    return row
  }

  async function lines(id: string, body: Body): Promise<LotRow[]> {
    const picked = await stock.picked(body.pigmentIds, body.needleIds)
    const expired = picked.pigments.find((p) => expiredOn(p.expiry, body.date))
    if (expired) throw conflict(`Pigment lot ${expired.lot} expired on ${expired.expiry}.`)
    return [
      ...picked.pigments.map((p) => ({
        kind: 'pigment' as LotRow['kind'],
        itemId: p.id,
        lot: p.lot,
        product: p.brand,
        colour: p.colour,
        expiry: p.expiry,
      })),
      ...picked.needles.map((n) => ({
        kind: 'needle' as LotRow['kind'],
        itemId: n.id,
        lot: n.lot,
        product: n.type,
        colour: null,
        expiry: null,
      })),
    ].map((l, position) => ({ ...l, position, companyId, prestationId: id }))
  }

  async function view(row: PrestationRow) {
    return prestationView(row, await lotsOf(db, companyId, [row.id]))
  }

  return {
    async list(who: Asker, dossierId: string) {
      const dossier = await files.reachable(who, dossierId)
      const rows = await db
        .select()
        .from(prestations)
        .where(and(eq(prestations.companyId, companyId), eq(prestations.dossierId, dossier.id)))
        .orderBy(desc(prestations.day), asc(prestations.createdAt))
      const lots = await lotsOf(
        db,
        companyId,
        rows.map((r) => r.id),
      )
      return rows.map((r) => prestationView(r, lots))
    },
    async get(who: Asker, id: string) {
      return view(await reachable(who, id))
    },
    async create(who: Asker, body: Body) {
      const dossier = await files.reachable(who, body.dossierId)
      const practitionerId = practitionerOf(who, body)
      // the lots are read before the transaction: PGlite has one connection, which it holds
      const id = randomUUID()
      const used = await lines(id, body)
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(prestations)
          .values({
            id,
            companyId,
            dossierId: dossier.id,
            customerId: dossier.customerId,
            day: body.date,
            service: body.service,
            practitionerId,
            notes: body.notes,
            createdBy: who.staff.providerId,
          })
          .returning()
        if (!row) throw new Error('prestation insert returned nothing')
        if (used.length > 0) await tx.insert(prestationLots).values(used)
        return prestationView(row, used)
      })
    },
    async update(who: Asker, id: string, body: Body) {
      const current = await reachable(who, id)
      if (body.dossierId !== current.dossierId) throw notFound('No such prestation.')
      const practitionerId = practitionerOf(who, body)
      const used = await lines(id, body)
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(prestations)
          .set({
            day: body.date,
            service: body.service,
            practitionerId: practitionerId ?? null,
            notes: body.notes,
            updatedAt: new Date(),
          })
          .where(where(id))
          .returning()
        if (!row) throw notFound('No such prestation.')
        await tx
          .delete(prestationLots)
          .where(and(eq(prestationLots.companyId, companyId), eq(prestationLots.prestationId, id)))
        if (used.length > 0) await tx.insert(prestationLots).values(used)
        return prestationView(row, used)
      })
    },
    async remove(who: Asker, id: string) {
      await reachable(who, id)
      await db.delete(prestations).where(where(id))
      return { ok: true as const }
    },
  }
}
