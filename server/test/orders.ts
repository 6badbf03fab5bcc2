import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { BookingStatus } from '#contract/booking-order.ts'
import type { Db } from '#server/db/client.ts'
import {
  accounts,
  appointments,
  bookingOrderHistory,
  bookingOrders,
  type CompanyRow,
  carts,
  companies,
  type GiftRow,
  type JsonObject,
  notifications,
  stock,
} from '#server/db/schema/index.ts'
import { issueToken } from '#server/services/auth/index.ts'
import { activateGift, createPendingGift, type GiftPurchase } from '#server/services/gifts/index.ts'
import { companyIdOf } from './content.ts'
import { readMessages } from './messages.ts'

/**
 * Test support for gifts, e-shop, loyalty and orders: rows written straight to the database (as
 * server/test/content.ts does for content), so each test file builds what it reads.
 * Never imported by the server itself.
 */

export async function companyRow(db: Db, host: string): Promise<CompanyRow> {
  const [row] = await db.select().from(companies).where(eq(companies.host, host))
  if (!row) throw new Error(`no company ${host}`)
  return row
}

/** Merges settings into the company's booker (before the API caches the company). */
export async function patchBooker(db: Db, host: string, booker: JsonObject): Promise<CompanyRow> {
  const row = await companyRow(db, host)
  const current = (row.data.booker ?? {}) as JsonObject
  const [updated] = await db
    .update(companies)
    .set({ data: { ...row.data, booker: { ...current, ...booker } } })
    .where(eq(companies.id, row.id))
    .returning()
  if (!updated) throw new Error(`no company ${host}`)
  return updated
}

/** A new customer of `host` and a bearer for them. */
export async function newCustomer(
  db: Db,
  host: string,
  email = `${randomUUID()}@example.com`,
  profile: JsonObject = { profiles: [{ firstname: 'Test' }] },
  kind: 'customer' | 'access' = 'customer',
): Promise<{ id: string; token: string }> {
  const companyId = await companyIdOf(db, host)
  const [account] = await db
    .insert(accounts)
    .values({ companyId, kind, email, profile })
    .returning({ id: accounts.id })
  if (!account) throw new Error('no account')
  const { token } = await issueToken(db, { companyId, kind, subjectId: account.id })
  return { id: account.id, token }
}

export async function setStock(
  db: Db,
  host: string,
  shopId: string,
  articleId: string,
  quantity: number,
): Promise<void> {
  const companyId = await companyIdOf(db, host)
  await db
    .insert(stock)
    .values({ companyId, shopId, articleId, quantity })
    .onConflictDoUpdate({
      target: [stock.companyId, stock.shopId, stock.articleId],
      set: { quantity },
    })
}

export async function insertCart(
  db: Db,
  host: string,
  values: { purpose: 'booking' | 'gift' | 'eshop'; shopId: string; customerId?: string },
): Promise<string> {
  const companyId = await companyIdOf(db, host)
  const [cart] = await db
    .insert(carts)
    .values({ companyId, ...values })
    .returning({ id: carts.id })
  if (!cart) throw new Error('no cart')
  return cart.id
}

export interface BookingOrderSeed {
  readonly customerId: string | null
  readonly shopId?: string
  readonly status?: BookingStatus
  readonly totalCents?: number
  readonly paidCents?: number
  readonly transactionId?: string
  readonly bookerOrigin?: string
  /** order date (created_at and its first history entry) */
  readonly at?: string
  /** appointment start, shop wall-clock 'YYYY-MM-DDTHH:MM' (one hour, Europe/Paris) */
  readonly start?: string
  readonly serviceId?: string
  readonly giftCode?: string
}

/** A booking order with one appointment and its history (pending, then `status` if another). */
export async function insertBookingOrder(db: Db, host: string, seed: BookingOrderSeed) {
  const companyId = await companyIdOf(db, host)
  const shopId = seed.shopId ?? 's1'
  const at = new Date(seed.at ?? '2026-03-01T10:00:00Z')
  const status = seed.status ?? 'confirmed'
  const cartId = randomUUID()
  // one transaction, as a booking writes them: a listener (the live agenda) hears the order with
  // its appointment, never the order alone
  return db.transaction(async (tx) => {
    await tx.insert(carts).values({
      companyId,
      id: cartId,
      purpose: 'booking',
      shopId,
      customerId: seed.customerId,
      status: status === 'pending' ? 'open' : 'paid',
    })
    const [order] = await tx
      .insert(bookingOrders)
      .values({
        companyId,
        id: cartId,
        cartId,
        ideorder: `B-${cartId.slice(0, 8)}`,
        customerId: seed.customerId,
        shopId,
        status,
        totalCents: seed.totalCents ?? 6500,
        paidCents: seed.paidCents ?? (status === 'pending' ? 0 : (seed.totalCents ?? 6500)),
        paymentProvider: 'free',
        transactionId: seed.transactionId ?? `tx-${cartId.slice(0, 6)}`,
        bookerOrigin: seed.bookerOrigin ?? 'web',
        createdAt: at,
      })
      .returning()
    if (!order) throw new Error('no order')
    const history = status === 'pending' ? ['pending'] : ['pending', status]
    await tx.insert(bookingOrderHistory).values(
      history.map((s, i) => ({
        companyId,
        bookingOrderId: order.id,
        status: s as BookingStatus,
        at: new Date(at.getTime() + i * 60_000),
        by: 'system',
      })),
    )
    const start = seed.start ?? '2026-03-10T10:00'
    const startsAt = new Date(`${start}:00+01:00`)
    await tx.insert(appointments).values({
      companyId,
      cartId,
      bookingOrderId: order.id,
      shopId,
      serviceId: seed.serviceId ?? 'a1',
      employeeId: 'e1',
      customerId: seed.customerId,
      status: status === 'pending' ? 'hold' : status === 'cancelled' ? 'cancelled' : 'confirmed',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3600_000),
      localStart: start,
      localEnd: `${start.slice(0, 11)}${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}:${start.slice(14)}`,
      timeZone: 'Europe/Paris',
      // a hold must say when it lapses (CHECK); far ahead so no sweeper takes it during a test
      expiresAt: status === 'pending' ? new Date('2099-01-01T00:00:00Z') : null,
      priceCents: seed.totalCents ?? 6500,
      giftCode: seed.giftCode ?? null,
    })
    return order
  })
}

/** Every message the outbox holds for one recipient, oldest first, as the person reads it. */
export async function mailsTo(
  t: Parameters<typeof readMessages>[0],
  recipient: string,
): Promise<{ subject: string; body: string }[]> {
  const rows = await readMessages(t, eq(notifications.recipient, recipient))
  return rows.map(({ subject, body }) => ({ subject, body }))
}

export const GIFT_THEME = { id: 'th1', name: { fr: 'Noël' }, image: '/x.png' }

/** Gifts on with one theme (th1), as docs/product/5-rules.md requires before a voucher can be bought. */
export const enableGifts = (db: Db, host: string) =>
  patchBooker(db, host, { gift: true, gifts: { themes: [GIFT_THEME] } })

/** A voucher bought and paid (pending, then activated as a payment would), code e-mailed. */
export async function paidGift(
  db: Db,
  company: CompanyRow,
  options: Partial<GiftPurchase> & { purchaserCustomerId?: string; fromName?: string } = {},
): Promise<GiftRow> {
  const { purchaserCustomerId, fromName, ...over } = options
  const cartId = await insertCart(db, company.host, { purpose: 'gift', shopId: 's1' })
  return db.transaction(async (tx) => {
    const pending = await createPendingGift(tx, {
      company,
      purchase: { themeId: 'th1', amount: 5000, to: 'Léa', email: 'lea@example.com', ...over },
      cartId,
      purchaserCustomerId,
      fromName,
    })
    const active = await activateGift(tx, { companyId: company.id, giftId: pending.id })
    if (!active) throw new Error('not activated')
    return active
  })
}
