import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
import { BOOKING_STATUSES, type BookingStatus } from '#contract/booking-order.ts'
import { carts } from './carts.ts'
import { inList } from './checks.ts'
import { companyId, createdAt, entityId, updatedAt } from './columns.ts'
import { companies } from './companies.ts'

/**
 * A booking order: the appointments of one cart, as the account pages and booking admin see them
 * (src/contract/booking-order.ts). It is created 'pending' with the cart's first hold (its id is
 * the cart's id, so the id a client got when holding is the order's id) and becomes 'confirmed'
 * when the cart is paid (services/booking confirmHolds) or at once when nothing is to be paid.
 * paid_cents is net of refunds.
 */
export const bookingOrders = pgTable(
  'booking_orders',
  {
    id: entityId(),
    companyId: companyId(),
    cartId: text('cart_id').notNull(),
    /** the order number shown to people and used by the booking-admin calls */
    ideorder: text('ideorder').notNull(),
    customerId: text('customer_id'),
    shopId: text('shop_id').notNull(),
    status: text('status').$type<BookingStatus>().notNull().default('pending'),
    totalCents: integer('total_cents').notNull().default(0),
    paidCents: integer('paid_cents').notNull().default(0),
    currency: text('currency').notNull().default('EUR'),
    paymentProvider: text('payment_provider'),
    transactionId: text('transaction_id'),
    bookerOrigin: text('booker_origin').notNull().default('web'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'booking_orders_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'booking_orders_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'booking_orders_cart_fk',
      columns: [t.companyId, t.cartId],
      foreignColumns: [carts.companyId, carts.id],
    }),
    unique('booking_orders_cart_key').on(t.companyId, t.cartId),
    unique('booking_orders_ideorder_key').on(t.companyId, t.ideorder),
    index('booking_orders_customer_idx').on(t.companyId, t.customerId, t.createdAt),
    check('booking_orders_status_check', inList(t.status, BOOKING_STATUSES)),
    check('booking_orders_amounts_check', sql`${t.totalCents} >= 0 and ${t.paidCents} >= 0`),
  ],
)

/** Every status a booking order went through, oldest first (contract statusHistory). */
export const bookingOrderHistory = pgTable(
  'booking_order_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    bookingOrderId: text('booking_order_id').notNull(),
    status: text('status').$type<BookingStatus>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** a user id, or 'system' for payment callbacks and hold expiry */
    by: text('by'),
    /**
     * a move recorded beside the statuses (docs/decisions/077-desk-booking.md): the visit's
     * first start before it moved, shop wall clock; the row's status is the order's, unchanged
     */
    movedFrom: text('moved_from'),
  },
  (t) => [
    foreignKey({
      name: 'booking_order_history_order_fk',
      columns: [t.companyId, t.bookingOrderId],
      foreignColumns: [bookingOrders.companyId, bookingOrders.id],
    }).onDelete('cascade'),
    index('booking_order_history_order_idx').on(t.companyId, t.bookingOrderId, t.at),
    check('booking_order_history_status_check', inList(t.status, BOOKING_STATUSES)),
  ],
)

export type BookingOrderRow = typeof bookingOrders.$inferSelect
export type BookingOrderHistoryRow = typeof bookingOrderHistory.$inferSelect
