import { sql } from 'drizzle-orm'
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { inList } from './checks.ts'
import { companyId, createdAt, entityId, type JsonObject, updatedAt } from './columns.ts'
import { companies } from './companies.ts'

/**
 * A cart is what one payment pays for: a visit's held appointments (booking), a gift voucher
 * (gift), e-shop lines (eshop) or the difference of a visit moved to a dearer time, whose new
 * slot it holds (reschedule, docs/decisions/042-reschedule-pay-difference.md). Holds, payments, booking orders, gifts and e-shop orders all
 * point at it, so "this payment succeeded" turns into "confirm everything of this cart" in one
 * transaction. One cart is for one shop (docs/product/4-states.md: the booking cart holds items of one shop).
 *
 * status: open (being filled; holds may be added) -> paying (payment initialised) -> paid;
 * or expired (its holds lapsed) / cancelled. Amounts are the server's pricing, minor units.
 */
export const CART_PURPOSES = ['booking', 'gift', 'eshop', 'reschedule'] as const
export type CartPurpose = (typeof CART_PURPOSES)[number]
export const CART_STATUSES = ['open', 'paying', 'paid', 'expired', 'cancelled'] as const
export type CartStatus = (typeof CART_STATUSES)[number]

export const carts = pgTable(
  'carts',
  {
    id: entityId(),
    companyId: companyId(),
    purpose: text('purpose').$type<CartPurpose>().notNull(),
    shopId: text('shop_id').notNull(),
    /** null: a visitor paying without an account */
    customerId: text('customer_id'),
    status: text('status').$type<CartStatus>().notNull().default('open'),
    currency: text('currency').notNull().default('EUR'),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    couponCode: text('coupon_code'),
    message: text('message'),
    /** the priced lines, gift purchase or other request details the payment was computed from */
    data: jsonb('data').$type<JsonObject>().notNull().default({}),
    /** booking carts: when their holds lapse unless paid (mirrors the holds' expires_at) */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** e-shop and gift carts: the client address that initialised it (pending carts per address) */
    clientAddress: text('client_address'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'carts_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'carts_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    index('carts_customer_idx').on(t.companyId, t.customerId, t.status),
    index('carts_client_address_idx').on(t.companyId, t.clientAddress, t.status),
    check('carts_purpose_check', inList(t.purpose, CART_PURPOSES)),
    check('carts_status_check', inList(t.status, CART_STATUSES)),
    check(
      'carts_amounts_check',
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.totalCents} >= 0`,
    ),
  ],
)

export type CartRow = typeof carts.$inferSelect
