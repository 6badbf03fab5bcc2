import { randomBytes } from 'node:crypto'
import { and, desc, eq, gt, inArray, ne } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import {
  appointmentClaims,
  appointments,
  bookingOrderHistory,
  bookingOrders,
  carts,
} from '#server/db/schema/index.ts'

/**
 * A customer's booking cart at a shop: the open cart whose holds have not lapsed, reused by each
 * new hold (so a visit's services chain and are paid together), or a new one with its pending
 * booking order. The order's id is the cart's id: the id a client gets when holding is the one
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
    .where(
      and(
        eq(carts.companyId, companyId),
        eq(carts.customerId, customerId),
        eq(carts.shopId, shopId),
        eq(carts.purpose, 'booking'),
        eq(carts.status, 'open'),
        gt(carts.expiresAt, now),
      ),
    )
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

/** An order number people can read out: B + local date + 6 random letters and digits. */
function newOrderNumber(date: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const letters = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('')
  return `B${date.replaceAll('-', '')}-${letters}`
}

export interface NewCart {
  readonly companyId: number
  readonly customerId: string
  readonly shopId: string
  readonly currency: string
  readonly confirmed: boolean
  readonly by: string
  readonly date: string
}

export async function createCart(tx: Tx, cart: NewCart, now: Date): Promise<string> {
  const [row] = await tx
    .insert(carts)
    .values({
      companyId: cart.companyId,
      purpose: 'booking',
      shopId: cart.shopId,
      customerId: cart.customerId,
      currency: cart.currency,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: carts.id })
  if (!row) throw new Error('cart insert returned nothing')
  const status = cart.confirmed ? 'confirmed' : 'pending'
  await tx.insert(bookingOrders).values({
    id: row.id,
    companyId: cart.companyId,
    cartId: row.id,
    ideorder: newOrderNumber(cart.date),
    customerId: cart.customerId,
    shopId: cart.shopId,
    status,
    currency: cart.currency,
    createdAt: now,
    updatedAt: now,
  })
  await tx
    .insert(bookingOrderHistory)
    .values({ companyId: cart.companyId, bookingOrderId: row.id, status, at: now, by: cart.by })
  return row.id
}

/** A new hold restarts the clock of the whole cart: a visit's services lapse together. */
export async function extendCart(
  tx: Tx,
  companyId: number,
  cartId: string,
  expiresAt: Date,
  now: Date,
) {
  const held = await tx
    .update(appointments)
    .set({ expiresAt, updatedAt: now })
    .where(
      and(
        eq(appointments.companyId, companyId),
        eq(appointments.cartId, cartId),
        eq(appointments.status, 'hold'),
      ),
    )
    .returning({ id: appointments.id })
  if (held.length > 0) {
    await tx
      .update(appointmentClaims)
      .set({ expiresAt })
      .where(
        and(
          eq(appointmentClaims.companyId, companyId),
          inArray(
            appointmentClaims.appointmentId,
            held.map((h) => h.id),
          ),
          eq(appointmentClaims.status, 'hold'),
        ),
      )
  }
  await tx
    .update(carts)
    .set({ expiresAt, updatedAt: now })
    .where(and(eq(carts.companyId, companyId), eq(carts.id, cartId)))
}
