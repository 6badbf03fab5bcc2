import { and, eq, ne } from 'drizzle-orm'
import type { AppointmentRequest } from '#contract/appointment.ts'
import { SERVICE_ARTICLE_TYPES } from '#contract/article.ts'
import type { DeskBookingBody } from '#contract/desk.ts'
import { deskRefusal } from '#domain/studio/desk-rules.ts'
import type { Db } from '#server/db/client.ts'
import { appointments, bookingOrders, type CompanyRow, carts } from '#server/db/schema/index.ts'
import { bookingTransaction, clock, conflict, forbidden, notFound } from '#server/kernel/index.ts'
import { createDeskCustomer } from '../accounts/index.ts'
import type { AvailabilityCache, CacheScope, PreparedRequest } from '../booking/index.ts'
import {
  confirmHolds,
  prepareRequest,
  queueBookingConfirmation,
  writeHold,
} from '../booking/index.ts'
import { queueConsentRequest } from '../consents/index.ts'
import {
  type BookingOrderWire,
  bookingOrderViews,
  customerByArtebeauteId,
  type Staff,
} from '../orders/index.ts'
import { recordDueAtShop } from '../payments/index.ts'
import { type ChargedLine, chargeLines } from '../pricing/index.ts'
import { inColumn } from './desk-need.ts'

/** While the desk's transaction runs, its holds are a waitlist offer's kind: no hold limits. */
const DESK_HOLD_MS = 5 * 60_000

function requestOf(shopId: string, slot: DeskBookingBody['slots'][number]): AppointmentRequest {
  return {
    shopid: shopId,
    serviceid: slot.serviceId,
    start: slot.start,
    end: slot.end,
    mode: '1',
    checkGiftLimit: false,
    checkEquipments: false,
    myAppointment: { equipmentIds: [] },
  }
}

/** One line per service at the price booked, named and taxed as the catalogue says. */
function billLines(named: readonly ChargedLine[], prepared: readonly PreparedRequest[]) {
  return prepared.map((p, i) => ({
    articleId: p.service.id,
    name: named[i]?.name ?? {},
    quantity: 1,
    unitPrice: p.service.priceCents,
    ...(named[i]?.vatRate === undefined ? {} : { vatRate: named[i]?.vatRate }),
  }))
}

/**
 * POST /bookingOrder/desk (docs/decisions/077-desk-booking.md): a visit booked at the desk and
 * due at the shop. Each slot is prepared as the site prepares a hold (the same availability
 * rule), kept to its column, then ONE booking transaction writes them all through writeHold,
 * the site's locked path: the advisory locks of the candidates, the customer's cart lock, the
 * claims read under them, booking_hold's write and the exclusion constraint behind it. The
 * holds are confirmed at once (confirmHolds, by the company user) and the amount is left due
 * at the shop as the free provider leaves it. Any refusal rolls back everything, the customer
 * created for it included. The days written are forgotten by the availability cache.
 */
export async function deskBook(
  db: Db,
  cache: AvailabilityCache,
  company: CompanyRow,
  staff: Staff,
  body: DeskBookingBody,
): Promise<BookingOrderWire> {
  const refusal = deskRefusal(
    staff.scope,
    body.shopId,
    body.slots.map((s) => s.resourceId),
  )
  if (refusal === 'shop') throw forbidden('This shop is not yours.')
  if (refusal === 'resource') throw forbidden('Book only in your own columns.')
  const existing =
    body.customerId === undefined
      ? undefined
      : await customerByArtebeauteId(db, company.id, body.customerId, staff)
  if (body.customerId !== undefined && !existing) throw notFound('No such customer.')

  const requests = body.slots.map((slot) => requestOf(body.shopId, slot))
  const prepared: PreparedRequest[] = []
  for (const [i, request] of requests.entries()) {
    // a later service of the visit may start where an earlier one ends (a chained visit)
    const ends = async () => requests.slice(0, i).map((r) => r.end)
    const p = await prepareRequest(db, cache, company, request, ends, 'desk')
    prepared.push(inColumn(p, body.slots[i]?.resourceId))
  }

  const named = await chargeLines(
    db,
    company.id,
    body.shopId,
    prepared.map((p) => ({ articleId: p.service.id, quantity: 1 })),
    SERVICE_ARTICLE_TYPES,
  )
  const done = await bookingTransaction(db, async (tx) => {
    const now = clock.now()
    const customer =
      existing ?? (body.newCustomer && (await createDeskCustomer(tx, company.id, body.newCustomer)))
    if (!customer) throw notFound('No such customer.')
    const offer = { expiresAt: new Date(now.getTime() + DESK_HOLD_MS) }
    const placed = []
    for (const [i, request] of requests.entries()) {
      const p = prepared[i]
      if (p) placed.push(await writeHold(tx, company.id, customer.id, request, p, offer))
    }
    const cartId = placed[0]?.cartId ?? ''
    // the customer's own cart at the shop (a visit being booked on the site) took these holds:
    // confirming it would confirm theirs too
    const others = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.companyId, company.id),
          eq(appointments.cartId, cartId),
          ne(appointments.status, 'cancelled'),
        ),
      )
    if (others.length !== placed.length) {
      throw conflict('Conflict: the customer is booking at this shop online.', 'customerCartOpen')
    }
    const confirmed = await confirmHolds(tx, {
      companyId: company.id,
      cartId,
      paidCents: 0,
      provider: 'free',
      by: staff.providerId,
    })
    const [order] = await tx
      .update(bookingOrders)
      .set({ bookerOrigin: 'desk', updatedAt: now })
      .where(
        and(
          eq(bookingOrders.companyId, company.id),
          eq(bookingOrders.id, confirmed.bookingOrderId),
        ),
      )
      .returning()
    if (!order) throw conflict('Conflict: the booking changed, please retry.', 'retry')
    await recordDueAtShop(tx, {
      companyId: company.id,
      cartId,
      orderId: order.id,
      amountCents: order.totalCents,
      currency: order.currency,
      by: staff.providerId,
      now,
    })
    const [cart] = await tx
      .select()
      .from(carts)
      .where(and(eq(carts.companyId, company.id), eq(carts.id, cartId)))
    if (cart) {
      // the bill's lines, as a paid cart keeps them: the agenda and the account read names there
      const lines = billLines(named, prepared)
      const data = { ...cart.data, lines, bookedAtDesk: { by: staff.providerId } }
      await tx
        .update(carts)
        .set({ data })
        .where(and(eq(carts.companyId, company.id), eq(carts.id, cartId)))
      await queueBookingConfirmation(tx, company, { ...cart, data }, order.id, order.totalCents > 0)
      // confirmed here, not by a payment: the consent forms its services ask for go out now, as
      // the site's confirmation sends them (docs/decisions/080-consent-record.md)
      await queueConsentRequest(tx, company, order.id)
    }
    return { order, touched: placed.map((p): CacheScope => p.touched) }
  })
  for (const scope of done.touched) cache.invalidate(company.id, scope)
  const [view] = await bookingOrderViews(db, company.id, [done.order])
  if (!view) throw notFound('No such order.')
  return view
}
