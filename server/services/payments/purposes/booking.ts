import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import { SERVICE_ARTICLE_TYPES } from '#contract/article.ts'
import { bookingOrders, carts } from '#server/db/schema/index.ts'
import { unauthorized } from '#server/kernel/index.ts'
import {
  assertVoucherRoom,
  cartHolds,
  companyBookingOf,
  confirmHolds,
  queueBookingConfirmation,
} from '../../booking/index.ts'
import { queueConsentRequest } from '../../consents/index.ts'
import { creditLoyalty } from '../../loyalty/index.ts'
import { chargeLines, priceCart } from '../../pricing/index.ts'
import { cartChanged, noHolds, paymentDisabled } from '../errors.ts'
import { redeemVouchers, storedAppointmentIds, voucherTotal } from './booking-vouchers.ts'
import type { PrepareInput, PurposeHandler } from './types.ts'

/**
 * The customer's cart at the shop that may still be paid: open (being filled) or paying
 * (initialised before, e.g. a declined card being retried), its holds not lapsed. The one the
 * body names (docs/decisions/073-one-cart.md), else the latest; a named cart that is not such a
 * cart of this customer has nothing to pay.
 */
async function payableCart({ db, company, customerId, body, now }: PrepareInput) {
  if (customerId === undefined) throw unauthorized('Sign in to pay a booking.')
  const [cart] = await db
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.companyId, company.id),
        eq(carts.customerId, customerId),
        eq(carts.shopId, body.shopId),
        eq(carts.purpose, 'booking'),
        inArray(carts.status, ['open', 'paying']),
        gt(carts.expiresAt, now),
        body.cartId === undefined ? undefined : eq(carts.id, body.cartId),
      ),
    )
    .orderBy(desc(carts.createdAt))
    .limit(1)
  if (!cart) throw noHolds()
  return cart
}

export const bookingPurpose: PurposeHandler = {
  async prepare(input) {
    const { db, company, settings, body, now } = input
    if (!settings.servicePayment) {
      throw paymentDisabled('Bookings are not paid online here: they are confirmed at once.')
    }
    const cart = await payableCart(input)
    const holds = await cartHolds(db, company.id, [cart.id])
    if (holds.length === 0) throw noHolds()
    // What the client believes it pays must be what is held (a stale page pays nothing).
    for (const wanted of body.appointments) {
      const held = holds.some(
        (h) => h.serviceId === wanted.serviceid && h.localStart === wanted.start,
      )
      if (!held) throw cartChanged()
    }
    const lines = await chargeLines(
      db,
      company.id,
      cart.shopId,
      holds.map((h) => ({ articleId: h.serviceId, quantity: 1 })),
      SERVICE_ARTICLE_TYPES,
    )
    const giftCodes = [
      ...holds.flatMap((h) => (h.giftCode ? [h.giftCode] : [])),
      ...body.appointments.flatMap((a) =>
        a.myAppointment.giftCode ? [a.myAppointment.giftCode] : [],
      ),
      ...(body.giftCode?.trim() ? [body.giftCode.trim()] : []),
    ]
    const priced = await priceCart(db, company.id, lines, {
      couponCode: body.couponCode,
      giftCodes,
      now,
      guard: input.guard,
    })
    return {
      cartId: cart.id,
      priced,
      details: { appointmentIds: holds.map((h) => h.id) },
      description: `Booking ${cart.id}`,
    }
  },

  /**
   * Vouchers pay this visit: the days of its holds need room under the gift limit, checked in
   * initialize's transaction behind the lock of each date (docs/decisions/063-last-partial-rows-of-the-api.md).
   */
  async attach({ tx, company, cart, now }, _input, prepared) {
    const limit = companyBookingOf(company).giftLimit
    if (prepared.priced.vouchers.length === 0 || limit === null) return
    const holds = await cartHolds(tx, company.id, [cart.id])
    const dates = [...new Set(holds.map((h) => h.localStart.slice(0, 10)))].sort()
    for (const date of dates) {
      const q = { companyId: company.id, shopId: cart.shopId, date, now, limit }
      await assertVoucherRoom(tx, { ...q, exceptCart: cart.id })
    }
  },

  async fulfil(context) {
    const { tx, company, cart } = context
    // First: confirmHolds takes the holds' resource locks before any row lock (server/kernel/locks.ts).
    const confirmed = await confirmHolds(tx, {
      companyId: company.id,
      cartId: cart.id,
      paidCents: context.chargedCents + voucherTotal(cart),
      provider: context.provider,
      transactionId: context.transactionId,
      by: 'system',
    })
    // The holds paid for must be the ones confirmed: one cancelled meanwhile means the payment
    // covered something else (conflict: rolled back, refunded, nothing confirmed).
    const paidFor = storedAppointmentIds(cart)
    const { appointmentIds } = confirmed
    if (
      appointmentIds.length !== paidFor.length ||
      appointmentIds.some((id) => !paidFor.includes(id))
    ) {
      throw cartChanged()
    }
    await redeemVouchers(context, confirmed.bookingOrderId)
    await queueBookingConfirmation(tx, company, cart, confirmed.bookingOrderId, context.dueAtShop)
    // the visit's consent forms, when its services ask for some (docs/decisions/080-consent-record.md)
    await queueConsentRequest(tx, company, confirmed.bookingOrderId)
    if (cart.customerId !== null && context.chargedCents > 0) {
      await creditLoyalty(tx, {
        companyId: company.id,
        customerId: cart.customerId,
        orderId: confirmed.bookingOrderId,
        amountCents: context.chargedCents,
        sourceKind: 'booking',
        now: context.now,
      })
    }
    return confirmed.bookingOrderId
  },

  /** Decision 012: the amount due at the shop was paid there: the order's paid grows, points. */
  async collected({ tx, company, cart, amountCents, now }) {
    const [order] = await tx
      .update(bookingOrders)
      .set({ paidCents: sql`${bookingOrders.paidCents} + ${amountCents}`, updatedAt: now })
      .where(and(eq(bookingOrders.companyId, company.id), eq(bookingOrders.cartId, cart.id)))
      .returning({ id: bookingOrders.id })
    if (!order) throw cartChanged()
    if (cart.customerId !== null && amountCents > 0) {
      await creditLoyalty(tx, {
        companyId: company.id,
        customerId: cart.customerId,
        orderId: order.id,
        amountCents,
        sourceKind: 'booking',
        now,
      })
    }
    return order.id
  },
}
