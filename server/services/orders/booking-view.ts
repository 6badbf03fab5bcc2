import { and, asc, eq, inArray } from 'drizzle-orm'
import type { BookingOrder } from '#contract/booking-order.ts'
import type { Db } from '#server/db/client.ts'
import {
  type AppointmentRow,
  appointments,
  type BookingOrderHistoryRow,
  type BookingOrderRow,
  bookingOrderHistory,
  bookingOrders,
  type CartRow,
} from '#server/db/schema/index.ts'
import {
  type BillWire,
  billOf,
  cartCoupon,
  cartLines,
  cartsById,
  cartsDueAtShop,
  cartVouchers,
  shopNames,
} from './bill.ts'
import { orderReachWhere } from './reach-sql.ts'
import { refundedByOrder } from './refunded.ts'
import { EVERYTHING, type Reach } from './rules.ts'

type Money = { amount: number; currency: string }
export type BookingOrderWire = Omit<BookingOrder, 'total' | 'paid' | 'appointments' | 'bill'> & {
  total: Money
  paid: Money
  appointments: (Omit<BookingOrder['appointments'][number], 'price'> & { price: Money })[]
  bill: BillWire
}

/** A visitor's order has no customer; the contract wants an id, so it reads 'anonymous'. */
export const ANONYMOUS = 'anonymous'

function appointmentView(a: AppointmentRow) {
  return {
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
  }
}

/**
 * Booking orders in the contract's shape (live appointments, or all of them once the whole order
 * is cancelled; history oldest first), for any number of orders in two queries, in the orders'
 * order. booking-order.ts shows one through it.
 */
export async function bookingOrderViews(
  db: Db,
  companyId: number,
  orders: readonly BookingOrderRow[],
): Promise<BookingOrderWire[]> {
  if (orders.length === 0) return []
  const ids = orders.map((order) => order.id)
  const cartIds = orders.map((order) => order.cartId)
  const [rows, history, cartOf, dueAtShop, names, refunded] = await Promise.all([
    db
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.companyId, companyId),
          // an order's appointments are its cart's: the cart index serves it (decision 041)
          inArray(appointments.cartId, cartIds),
          inArray(appointments.bookingOrderId, ids),
        ),
      )
      .orderBy(asc(appointments.startsAt), asc(appointments.id)),
    db
      .select()
      .from(bookingOrderHistory)
      .where(
        and(
          eq(bookingOrderHistory.companyId, companyId),
          inArray(bookingOrderHistory.bookingOrderId, ids),
        ),
      )
      .orderBy(asc(bookingOrderHistory.at), asc(bookingOrderHistory.id)),
    cartsById(db, companyId, cartIds),
    cartsDueAtShop(db, companyId, cartIds),
    shopNames(
      db,
      companyId,
      orders.map((order) => order.shopId),
    ),
    refundedByOrder(db, companyId, orders),
  ])
  const appointmentsOf = Map.groupBy(rows, (a) => a.bookingOrderId ?? '')
  const historyOf = Map.groupBy(history, (h) => h.bookingOrderId)
  return orders.map((order) =>
    orderView(order, appointmentsOf.get(order.id) ?? [], historyOf.get(order.id) ?? [], {
      cart: cartOf.get(order.cartId),
      atShop: dueAtShop.has(order.cartId),
      shopName: names.get(order.shopId),
      refunded: refunded.get(order.id) ?? 0,
    }),
  )
}

/** What an order's bill needs besides its appointments. */
export interface OrderContext {
  readonly cart: CartRow | undefined
  readonly atShop: boolean
  readonly shopName: string | undefined
  /** given back so far (refunded.ts); absent: nothing */
  readonly refunded?: number
}

/** One order in the contract's shape, from its rows (appointments by start, history oldest first). */
export function orderView(
  order: BookingOrderRow,
  all: readonly AppointmentRow[],
  history: readonly BookingOrderHistoryRow[],
  context: OrderContext,
): BookingOrderWire {
  const live = all.filter((a) => a.status !== 'cancelled')
  const money = (amount: number) => ({ amount, currency: order.currency })
  return {
    id: order.id,
    ideorder: order.ideorder,
    customerId: order.customerId ?? ANONYMOUS,
    shopId: order.shopId,
    status: order.status,
    statusHistory: history.map((h) => ({
      status: h.status,
      at: h.at.toISOString(),
      ...(h.by === null ? {} : { by: h.by }),
      ...(h.movedFrom === null ? {} : { movedFrom: h.movedFrom }),
    })),
    appointments: (live.length > 0 ? live : all).map(appointmentView),
    total: money(order.totalCents),
    paid: money(order.paidCents),
    ...(order.paymentProvider === null ? {} : { paymentProvider: order.paymentProvider }),
    ...(order.transactionId === null ? {} : { transactionId: order.transactionId }),
    bookerOrigin: order.bookerOrigin,
    createdAt: order.createdAt.toISOString(),
    bill: bookingBill(order, live.length > 0 ? live : all, context),
  }
}

/**
 * A booking order's bill: the lines its payment priced (carts.data), or, for an order without
 * them (made at the desk), one line per appointment at its price. Vouchers pay part of it: the
 * order's `paid` counts them, the payment's part is the rest.
 */
function bookingBill(
  order: BookingOrderRow,
  appointmentRows: readonly AppointmentRow[],
  context: OrderContext,
): BillWire {
  const priced = cartLines(context.cart)
  const lines =
    priced.length > 0
      ? priced
      : appointmentRows.map((a) => ({
          articleId: a.serviceId,
          name: {},
          quantity: 1,
          unitPrice: a.priceCents,
          vatRate: undefined,
        }))
  const vouchers = cartVouchers(context.cart)
  const byVouchers = vouchers.reduce((sum, v) => sum + v.amount, 0)
  return billOf({
    currency: order.currency,
    shopName: context.shopName,
    lines,
    coupon: cartCoupon(context.cart),
    vouchers,
    status: order.status,
    paid: () => Math.max(0, order.paidCents - byVouchers),
    atShop: context.atShop,
    refunded: context.refunded ?? 0,
  })
}

/**
 * One order by its number (ideorder), scoped by company and by the reach of the user asking
 * (rules.ts reachOf): undefined when not found or out of reach, alike.
 */
export async function orderByIdeorder(
  db: Db,
  companyId: number,
  ideorder: string,
  reach: Reach = EVERYTHING,
): Promise<BookingOrderRow | undefined> {
  const [order] = await db
    .select()
    .from(bookingOrders)
    .where(
      and(
        eq(bookingOrders.companyId, companyId),
        eq(bookingOrders.ideorder, ideorder),
        orderReachWhere(reach),
      ),
    )
  return order
}
