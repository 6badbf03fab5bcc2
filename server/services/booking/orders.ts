import { and, asc, eq } from 'drizzle-orm'
import type { BookingOrder } from '../../../src/contract/booking-order.ts'
import type { Db } from '../../db/client.ts'
import { appointments, bookingOrderHistory, bookingOrders } from '../../db/schema/index.ts'

type Wire = Omit<BookingOrder, 'customerId'> & { customerId: string }

/**
 * A booking order as the contract shows it: its appointments (the live ones; all of them once
 * the whole order is cancelled), status history oldest first, amounts as money.
 */
export async function bookingOrderView(
  db: Db,
  companyId: number,
  orderId: string,
): Promise<Wire | undefined> {
  const [order] = await db
    .select()
    .from(bookingOrders)
    .where(and(eq(bookingOrders.companyId, companyId), eq(bookingOrders.id, orderId)))
  if (!order) return undefined
  const [rows, history] = await Promise.all([
    db
      .select()
      .from(appointments)
      .where(and(eq(appointments.companyId, companyId), eq(appointments.cartId, order.cartId)))
      .orderBy(asc(appointments.startsAt), asc(appointments.id)),
    db
      .select()
      .from(bookingOrderHistory)
      .where(
        and(
          eq(bookingOrderHistory.companyId, companyId),
          eq(bookingOrderHistory.bookingOrderId, orderId),
        ),
      )
      .orderBy(asc(bookingOrderHistory.at), asc(bookingOrderHistory.id)),
  ])
  const live = rows.filter((a) => a.status !== 'cancelled')
  const money = (amount: number) => ({ amount, currency: order.currency })
  return {
    id: order.id,
    ideorder: order.ideorder,
    customerId: order.customerId ?? 'anonymous',
    shopId: order.shopId,
    status: order.status,
    statusHistory: history.map((h) => ({
      status: h.status,
      at: h.at.toISOString(),
      ...(h.by === null ? {} : { by: h.by }),
    })),
    appointments: (live.length > 0 ? live : rows).map((a) => ({
      id: a.id,
      shopId: a.shopId,
      serviceId: a.serviceId,
      employeeId: a.employeeId,
      ...(a.cabinId === null ? {} : { cabinId: a.cabinId }),
      equipmentIds: a.equipmentIds,
      start: a.localStart,
      end: a.localEnd,
      price: { amount: a.priceCents, currency: a.currency },
      ...(a.customMessage === null ? {} : { customMessage: a.customMessage }),
    })),
    total: money(order.totalCents),
    paid: money(order.paidCents),
    ...(order.paymentProvider === null ? {} : { paymentProvider: order.paymentProvider }),
    ...(order.transactionId === null ? {} : { transactionId: order.transactionId }),
    bookerOrigin: order.bookerOrigin,
    createdAt: order.createdAt.toISOString(),
  }
}
