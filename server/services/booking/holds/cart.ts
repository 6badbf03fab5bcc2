import { randomBytes } from 'node:crypto'
import { and, desc, eq, gt, inArray, ne, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import { type AppointmentRow, appointments, carts } from '#server/db/schema/index.ts'

/**
 * A customer's booking carts that still hold something: in one of `statuses`, their deadline
 * not passed. The one condition the holds' cart reads share.
 */
export function liveBookingCarts(
  companyId: number,
  customerId: string,
  statuses: readonly ('open' | 'paying')[],
  now: Date,
): SQL | undefined {
  return and(
    eq(carts.companyId, companyId),
    eq(carts.customerId, customerId),
    eq(carts.purpose, 'booking'),
    inArray(carts.status, [...statuses]),
    gt(carts.expiresAt, now),
  )
}

/**
 * A customer's booking cart at a shop: the open cart whose holds have not lapsed, reused by each
 * new hold (so a visit's services chain and are paid together), or a new one with its pending
 * booking order, which the hold statement creates (hold-statement.ts). The order's id is the cart's id: the id a client gets when holding is the one
 * it pays and later finds in its orders.
 */
export async function findOpenCart(
  db: Db | Tx,
  companyId: number,
  customerId: string,
  shopId: string,
  now: Date,
): Promise<string | undefined> {
  const [cart] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(liveBookingCarts(companyId, customerId, ['open'], now), eq(carts.shopId, shopId)))
    .orderBy(desc(carts.createdAt))
    .limit(1)
  return cart?.id
}

/** Local end times ('YYYY-MM-DDTHH:MM') of a cart's live appointments: where a chain may go on. */
export async function chainEnds(db: Db, companyId: number, cartId: string): Promise<string[]> {
  const rows = await db
    .select({ end: appointments.localEnd })
    .from(appointments)
    .where(
      and(
        eq(appointments.companyId, companyId),
        eq(appointments.cartId, cartId),
        ne(appointments.status, 'cancelled'),
      ),
    )
  return rows.map((row) => row.end)
}

/** The appointments the carts still hold (status 'hold', lapsed or not), by start. */
export async function cartHolds(
  db: Db | Tx,
  companyId: number,
  cartIds: readonly string[],
): Promise<AppointmentRow[]> {
  if (cartIds.length === 0) return []
  return db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.companyId, companyId),
        inArray(appointments.cartId, [...cartIds]),
        eq(appointments.status, 'hold'),
      ),
    )
    .orderBy(appointments.startsAt, appointments.id)
}

/** An order number people can read out: B + local date + 6 random letters and digits. */
export function newOrderNumber(date: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const letters = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('')
  return `B${date.replaceAll('-', '')}-${letters}`
}
