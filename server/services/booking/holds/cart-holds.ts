import { and, desc, eq, ne } from 'drizzle-orm'
import type { CartHoldRequest } from '#contract/held-cart.ts'
import type { Db } from '#server/db/client.ts'
import {
  type AppointmentRow,
  appointments,
  type CompanyRow,
  carts,
} from '#server/db/schema/index.ts'
import {
  bookingTransaction,
  clock,
  knownRefusal,
  lockAll,
  notFound,
  resourceLock,
} from '#server/kernel/index.ts'
import type { BookingOrderWire } from '../../orders/index.ts'
import { bookingOrderView } from '../../orders/index.ts'
import type { AvailabilityCache, CacheScope } from '../availability/availability-cache.ts'
import { cancelAppointments } from '../cancel.ts'
import { liveBookingCarts } from './cart.ts'
import { releasedHolds, slotsToHold } from './cart-plan.ts'
import { placeHold } from './holds.ts'

/** The server's booking cart as the calls answer it (docs/decisions/073-one-cart.md). */
export interface HeldCartWire {
  readonly cartId: string
  readonly expiresAt: string | null
  readonly order: BookingOrderWire
}

/**
 * The customer's booking cart at the shop that still holds something: open (being filled) or
 * paying (initialised, e.g. a card being retried), its deadline not passed. The newest one.
 */
async function liveCart(db: Db, companyId: number, customerId: string, shopId: string, now: Date) {
  const [cart] = await db
    .select({ id: carts.id, status: carts.status, expiresAt: carts.expiresAt })
    .from(carts)
    .where(
      and(
        liveBookingCarts(companyId, customerId, ['open', 'paying'], now),
        eq(carts.shopId, shopId),
      ),
    )
    .orderBy(desc(carts.createdAt))
    .limit(1)
  return cart
}

/** The cart's appointments that are not cancelled (held, or booked at once without payment). */
function liveAppointments(db: Db, companyId: number, cartId: string): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.companyId, companyId),
        eq(appointments.cartId, cartId),
        ne(appointments.status, 'cancelled'),
      ),
    )
    .orderBy(appointments.startsAt, appointments.id)
}

/**
 * Releases holds of the customer in one booking transaction, under their resources' locks: the
 * days they freed, for the availability cache.
 */
async function releaseHolds(
  db: Db,
  companyId: number,
  customerId: string,
  holds: readonly AppointmentRow[],
): Promise<CacheScope[]> {
  if (holds.length === 0) return []
  const resourcesOf = (h: AppointmentRow) =>
    h.cabinId ? [h.employeeId, h.cabinId] : [h.employeeId]
  await bookingTransaction(db, async (tx) => {
    await lockAll(tx, companyId, [...new Set(holds.flatMap(resourcesOf))].map(resourceLock))
    const now = clock.now()
    const ids = holds.map((h) => h.id)
    await cancelAppointments(tx, companyId, ids, 'customer', customerId, now)
  })
  return holds.map((h) => ({
    shopId: h.shopId,
    resourceIds: resourcesOf(h),
    dates: [h.localStart.slice(0, 10)],
  }))
}

/**
 * PUT /api/appointments/cart (docs/decisions/073-one-cart.md): the customer's cart at the shop
 * holds exactly the slots asked, in one call. The live cart is read once; its holds that are no
 * longer asked for are released together (one transaction); the slots it does not hold yet are
 * held one after the other through placeHold, each one call to the database with every hold limit
 * (a later slot of the visit chains after an earlier one, as when they came one call each). The
 * first refusal stops: what was held before it stays in the cart, and the 409 or 429 says why.
 * The answer is the whole cart as the last write left it. A cart being paid that must change is
 * open again: its earlier payment no longer matches and initialize cancels it (settle refunds it
 * if it still succeeds).
 */
export async function holdCart(
  db: Db,
  cache: AvailabilityCache,
  company: CompanyRow,
  customerId: string,
  request: CartHoldRequest,
): Promise<HeldCartWire> {
  const now = clock.now()
  const cart = await liveCart(db, company.id, customerId, request.shopId, now)
  const live = cart ? await liveAppointments(db, company.id, cart.id) : []
  const release = releasedHolds(live, request.slots)
  const wanted = slotsToHold(live, request.slots)
  if (cart && cart.status === 'paying' && (release.length > 0 || wanted.length > 0)) {
    await db
      .update(carts)
      .set({ status: 'open', updatedAt: now })
      .where(
        and(eq(carts.companyId, company.id), eq(carts.id, cart.id), eq(carts.status, 'paying')),
      )
  }
  for (const freed of await releaseHolds(db, company.id, customerId, release)) {
    cache.invalidate(company.id, freed)
  }
  let answer: HeldCartWire | undefined
  const touched: CacheScope[] = []
  try {
    for (const slot of wanted) {
      const placed = await placeHold(db, cache, company, customerId, {
        shopid: request.shopId,
        ...slot,
      }).catch((error: unknown) => {
        // the body names the slot refused (its index in the request), for the words of the page
        const refusal = knownRefusal(error)
        if (refusal) refusal.slot = request.slots.indexOf(slot)
        throw refusal ?? error
      })
      touched.push(placed.touched)
      const expiresAt = placed.expiresAt?.toISOString() ?? null
      answer = { cartId: placed.cartId, expiresAt, order: placed.order }
    }
  } finally {
    // forgotten once the holds are written, not between them: the next slot of the visit reads
    // the day as it was, which is right for it (a customer's slots never overlap; a choice the
    // day got wrong is made again by placeHold from the claims read now)
    for (const scope of touched) cache.invalidate(company.id, scope)
  }
  if (answer) return answer
  if (!cart) throw notFound('No such cart.')
  return readCart(db, company.id, cart.id, cart.expiresAt)
}

async function readCart(
  db: Db,
  companyId: number,
  cartId: string,
  expiresAt: Date | null,
): Promise<HeldCartWire> {
  const order = await bookingOrderView(db, companyId, cartId)
  if (!order) throw notFound('No such cart.')
  const lapses = order.status === 'pending' ? (expiresAt?.toISOString() ?? null) : null
  return { cartId, expiresAt: lapses, order }
}

/** The customer's live cart of that id, or a 404 (paid, lapsed, cancelled or another's). */
async function ownLiveCart(db: Db, companyId: number, customerId: string, cartId: string) {
  const [cart] = await db
    .select({ id: carts.id, expiresAt: carts.expiresAt })
    .from(carts)
    .where(
      and(
        liveBookingCarts(companyId, customerId, ['open', 'paying'], clock.now()),
        eq(carts.id, cartId),
      ),
    )
  if (!cart) throw notFound('No such cart.')
  return cart
}

/** GET /api/appointments/cart/:cartId: the customer's live booking cart as the server holds it. */
export async function heldCartOf(
  db: Db,
  companyId: number,
  customerId: string,
  cartId: string,
): Promise<HeldCartWire> {
  const cart = await ownLiveCart(db, companyId, customerId, cartId)
  return readCart(db, companyId, cart.id, cart.expiresAt)
}

/**
 * DELETE /api/appointments/cart/:cartId: the customer emptied their cart; every hold of it is
 * released at once (the days freed, for the availability cache). Booked appointments stay.
 */
export async function releaseCart(
  db: Db,
  companyId: number,
  customerId: string,
  cartId: string,
): Promise<CacheScope[]> {
  const cart = await ownLiveCart(db, companyId, customerId, cartId)
  const live = await liveAppointments(db, companyId, cart.id)
  return releaseHolds(
    db,
    companyId,
    customerId,
    live.filter((a) => a.status === 'hold'),
  )
}
