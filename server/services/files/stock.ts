import { and, asc, eq, inArray } from 'drizzle-orm'
import type * as z from 'zod/mini'
import type { needleBody, pigmentBody } from '#contract/customer-files.ts'
import { mayManageStock, normaliseLot } from '#domain/studio/customer-files.ts'
import type { Db } from '#server/db/client.ts'
import { needles, pigments } from '#server/db/schema/index.ts'
import { forbidden, notFound } from '#server/kernel/index.ts'
import type { Staff } from '../orders/index.ts'

type PigmentRow = typeof pigments.$inferSelect
type NeedleRow = typeof needles.$inferSelect

const pigmentView = (r: PigmentRow) => ({
  id: r.id,
  brand: r.brand,
  colour: r.colour,
  lot: r.lot,
  expiry: r.expiry,
})
const needleView = (r: NeedleRow) => ({ id: r.id, type: r.type, lot: r.lot })

function requireStock(staff: Staff): void {
  if (!mayManageStock(staff.scope)) throw forbidden('Owners and managers keep the stock lists.')
}

/**
 * The company's pigments and needles (docs/decisions/079-customer-files-and-erasure.md): every
 * company user reads them, owners and managers change them. A prestation copies what it used,
 * so editing or deleting an entry never rewrites a recorded prestation.
 */
export function stockService(db: Db, companyId: number) {
  const pigmentWhere = (id: string) => and(eq(pigments.companyId, companyId), eq(pigments.id, id))
  const needleWhere = (id: string) => and(eq(needles.companyId, companyId), eq(needles.id, id))
  return {
    async listPigments() {
      const rows = await db
        .select()
        .from(pigments)
        .where(eq(pigments.companyId, companyId))
        .orderBy(asc(pigments.brand), asc(pigments.colour), asc(pigments.lot))
      return rows.map(pigmentView)
    },
    async getPigment(id: string) {
      const [row] = await db.select().from(pigments).where(pigmentWhere(id))
      if (!row) throw notFound('No such pigment.')
      return pigmentView(row)
    },
    async savePigment(staff: Staff, body: z.output<typeof pigmentBody>, id?: string) {
      requireStock(staff)
      const values = { ...body, lot: normaliseLot(body.lot) }
      const [row] = id
        ? await db
            .update(pigments)
            .set({ ...values, updatedAt: new Date() })
            .where(pigmentWhere(id))
            .returning()
        : await db
            .insert(pigments)
            .values({ ...values, companyId })
            .returning()
      if (!row) throw notFound('No such pigment.')
      return pigmentView(row)
    },
    async removePigment(staff: Staff, id: string) {
      requireStock(staff)
      const gone = await db.delete(pigments).where(pigmentWhere(id)).returning({ id: pigments.id })
      if (gone.length === 0) throw notFound('No such pigment.')
      return { ok: true as const }
    },
    async listNeedles() {
      const rows = await db
        .select()
        .from(needles)
        .where(eq(needles.companyId, companyId))
        .orderBy(asc(needles.type), asc(needles.lot))
      return rows.map(needleView)
    },
    async getNeedle(id: string) {
      const [row] = await db.select().from(needles).where(needleWhere(id))
      if (!row) throw notFound('No such needle.')
      return needleView(row)
    },
    async saveNeedle(staff: Staff, body: z.output<typeof needleBody>, id?: string) {
      requireStock(staff)
      const values = { ...body, lot: normaliseLot(body.lot) }
      const [row] = id
        ? await db
            .update(needles)
            .set({ ...values, updatedAt: new Date() })
            .where(needleWhere(id))
            .returning()
        : await db
            .insert(needles)
            .values({ ...values, companyId })
            .returning()
      if (!row) throw notFound('No such needle.')
      return needleView(row)
    },
    async removeNeedle(staff: Staff, id: string) {
      requireStock(staff)
      const gone = await db.delete(needles).where(needleWhere(id)).returning({ id: needles.id })
      if (gone.length === 0) throw notFound('No such needle.')
      return { ok: true as const }
    },
    /** the entries a prestation names, every one of this company or 404 */
    async picked(pigmentIds: readonly string[], needleIds: readonly string[]) {
      const [p, n] = await Promise.all([
        pigmentIds.length === 0
          ? []
          : db
              .select()
              .from(pigments)
              .where(and(eq(pigments.companyId, companyId), inArray(pigments.id, [...pigmentIds]))),
        needleIds.length === 0
          ? []
          : db
              .select()
              .from(needles)
              .where(and(eq(needles.companyId, companyId), inArray(needles.id, [...needleIds]))),
      ])
      const pigmentOf = new Map(p.map((r) => [r.id, r]))
      const needleOf = new Map(n.map((r) => [r.id, r]))
      const usedPigments = pigmentIds.map((id) => pigmentOf.get(id))
      const usedNeedles = needleIds.map((id) => needleOf.get(id))
      if (usedPigments.includes(undefined) || usedNeedles.includes(undefined)) {
        throw notFound('No such pigment or needle.')
      }
      return {
        pigments: usedPigments.filter((r) => r !== undefined),
        needles: usedNeedles.filter((r) => r !== undefined),
      }
    },
  }
}
