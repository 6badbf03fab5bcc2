import { and, count, desc, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { appointments, type GiftRow, gifts } from '#server/db/schema/index.ts'
import { normaliseGiftCode } from './code.ts'
import { giftNotFound } from './redeem.ts'

/** A paid voucher by its code as typed; pending and cancelled ones do not exist for the public. */
export async function findGiftByCode(db: Db, companyId: number, code: string): Promise<GiftRow> {
  const [gift] = await db
    .select()
    .from(gifts)
    .where(
      and(
        eq(gifts.companyId, companyId),
        eq(gifts.code, normaliseGiftCode(code)),
        eq(gifts.status, 'active'),
      ),
    )
  if (!gift) throw giftNotFound()
  return gift
}

/**
 * How many live appointments (held or confirmed) were booked with the voucher for one service:
 * the gift limit the availability query checks. Appointments keep the code as the client typed
 * it, so both sides are compared in the stored form.
 */
export async function giftUsesForService(
  db: Db,
  companyId: number,
  code: string,
  serviceId: string,
): Promise<number> {
  const gift = await findGiftByCode(db, companyId, code)
  const [row] = await db
    .select({ n: count() })
    .from(appointments)
    .where(
      and(
        eq(appointments.companyId, companyId),
        eq(appointments.serviceId, serviceId),
        ne(appointments.status, 'cancelled'),
        sql`upper(regexp_replace(${appointments.giftCode}, '[[:space:]-]', '', 'g')) = ${gift.code}`,
      ),
    )
  return row?.n ?? 0
}

/**
 * The vouchers a customer bought and paid (newest first), a page of them when asked. Pending
 * (unpaid) and cancelled ones are not purchases to show.
 */
export async function customerGifts(
  db: Db,
  companyId: number,
  customerId: string,
  page?: { page: number; itemPerPage: number },
): Promise<{ items: GiftRow[]; total: number }> {
  const where = and(
    eq(gifts.companyId, companyId),
    eq(gifts.purchaserCustomerId, customerId),
    eq(gifts.status, 'active'),
  )
  const query = db.select().from(gifts).where(where).orderBy(desc(gifts.createdAt), desc(gifts.id))
  if (!page) {
    const items = await query
    return { items, total: items.length }
  }
  const [items, [total]] = await Promise.all([
    query.limit(page.itemPerPage).offset((page.page - 1) * page.itemPerPage),
    db.select({ n: count() }).from(gifts).where(where),
  ])
  return { items, total: total?.n ?? 0 }
}
