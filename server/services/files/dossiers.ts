import { and, asc, eq } from 'drizzle-orm'
import type * as z from 'zod/mini'
import type { dossierBody, dossierType } from '#contract/customer-files.ts'
import type { Db } from '#server/db/client.ts'
import { type AccountRow, dossiers } from '#server/db/schema/index.ts'
import { notFound, type Subject } from '#server/kernel/index.ts'
import { reachableCustomer, readableCustomer, type Staff } from '../orders/index.ts'

export type DossierRow = typeof dossiers.$inferSelect

export const dossierView = (r: DossierRow) => ({
  id: r.id,
  customerId: r.customerId,
  type: r.type as z.output<typeof dossierType>,
  title: r.title,
  notes: r.notes,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
})

/** Who is asking: the company user's session and their studio scope. */
export interface Asker {
  readonly subject: Subject
  readonly staff: Staff
}

/**
 * A customer's dossiers. A company user reaches a dossier when they reach its customer
 * (decision 072: a practitioner only their own customers); anything else answers as unknown.
 */
export function dossierService(db: Db, companyId: number) {
  const customer = (who: Asker, ref: string): Promise<AccountRow> =>
    readableCustomer(db, companyId, who.subject, ref, who.staff)

  async function reachable(who: Asker, id: string): Promise<DossierRow> {
    const [row] = await db
      .select()
      .from(dossiers)
      .where(and(eq(dossiers.companyId, companyId), eq(dossiers.id, id)))
    if (!row || !(await reachableCustomer(db, companyId, row.customerId, who.staff))) {
      throw notFound('No such dossier.')
    }
    return row
  }

  return {
    reachable,
    async list(who: Asker, customerRef: string, type?: string) {
      const account = await customer(who, customerRef)
      const rows = await db
        .select()
        .from(dossiers)
        .where(
          and(
            eq(dossiers.companyId, companyId),
            eq(dossiers.customerId, account.id),
            type ? eq(dossiers.type, type) : undefined,
          ),
        )
        .orderBy(asc(dossiers.createdAt), asc(dossiers.id))
      return rows.map(dossierView)
    },
    async get(who: Asker, id: string) {
      return dossierView(await reachable(who, id))
    },
    async create(who: Asker, body: z.output<typeof dossierBody>) {
      const account = await customer(who, body.customerId)
      const [row] = await db
        .insert(dossiers)
        .values({ ...body, customerId: account.id, companyId })
        .returning()
      if (!row) throw new Error('dossier insert returned nothing')
      return dossierView(row)
    },
    async update(who: Asker, id: string, body: z.output<typeof dossierBody>) {
      const current = await reachable(who, id)
      const account = await customer(who, body.customerId)
      // a dossier stays its customer's: moving it to another person would move their health data
      if (account.id !== current.customerId) throw notFound('No such dossier.')
      const [row] = await db
        .update(dossiers)
        .set({ type: body.type, title: body.title, notes: body.notes, updatedAt: new Date() })
        .where(and(eq(dossiers.companyId, companyId), eq(dossiers.id, id)))
        .returning()
      if (!row) throw notFound('No such dossier.')
      return dossierView(row)
    },
  }
}
