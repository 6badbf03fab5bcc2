import { sql } from 'drizzle-orm'
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
import { eshopOrderStatus } from '#contract/eshop.ts'
import { carts } from './carts.ts'
import { inList } from './checks.ts'
import { companyId, createdAt, entityId, type JsonObject, updatedAt } from './columns.ts'
import { companies } from './companies.ts'

export const ESHOP_ORDER_STATUSES = eshopOrderStatus.options
export type EshopOrderStatus = (typeof ESHOP_ORDER_STATUSES)[number]

/** An e-shop order (src/contract/eshop.ts): totals computed by the server, minor units. */
export const eshopOrders = pgTable(
  'eshop_orders',
  {
    id: entityId(),
    companyId: companyId(),
    /** the number shown to the customer */
    number: text('number').notNull(),
    cartId: text('cart_id'),
    customerId: text('customer_id').notNull(),
    shopId: text('shop_id').notNull(),
    status: text('status').$type<EshopOrderStatus>().notNull().default('pending'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'eshop_orders_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'eshop_orders_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'eshop_orders_cart_fk',
      columns: [t.companyId, t.cartId],
      foreignColumns: [carts.companyId, carts.id],
    }),
    unique('eshop_orders_number_key').on(t.companyId, t.number),
    index('eshop_orders_customer_idx').on(t.companyId, t.customerId, t.createdAt),
    check('eshop_orders_status_check', inList(t.status, ESHOP_ORDER_STATUSES)),
    check(
      'eshop_orders_amounts_check',
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.totalCents} >= 0`,
    ),
  ],
)

/** The lines of an order as charged: name and prices are copied, the catalogue may change. */
export const eshopOrderLines = pgTable(
  'eshop_order_lines',
  {
    companyId: companyId(),
    orderId: text('order_id').notNull(),
    lineNo: integer('line_no').notNull(),
    articleId: text('article_id').notNull(),
    abId: text('ab_id'),
    name: jsonb('name').$type<JsonObject>().notNull().default({}),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    vat: numeric('vat', { precision: 5, scale: 2, mode: 'number' }),
    totalCents: integer('total_cents').notNull(),
  },
  (t) => [
    primaryKey({ name: 'eshop_order_lines_pkey', columns: [t.companyId, t.orderId, t.lineNo] }),
    foreignKey({
      name: 'eshop_order_lines_order_fk',
      columns: [t.companyId, t.orderId],
      foreignColumns: [eshopOrders.companyId, eshopOrders.id],
    }).onDelete('cascade'),
    check(
      'eshop_order_lines_amounts_check',
      sql`${t.quantity} > 0 and ${t.unitPriceCents} >= 0 and ${t.totalCents} >= 0`,
    ),
  ],
)

/**
 * Units in stock per product and shop. The CHECK is the no-overselling guarantee: a checkout
 * decrements with `quantity = quantity - n` in its transaction, and a decrement below zero fails
 * (23514) instead of selling what is not there. No row: stock not tracked for that product.
 */
export const stock = pgTable(
  'stock',
  {
    companyId: companyId(),
    shopId: text('shop_id').notNull(),
    articleId: text('article_id').notNull(),
    quantity: integer('quantity').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'stock_pkey', columns: [t.companyId, t.shopId, t.articleId] }),
    foreignKey({
      name: 'stock_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    check('stock_quantity_check', sql`${t.quantity} >= 0`),
  ],
)

export type EshopOrderRow = typeof eshopOrders.$inferSelect
export type EshopOrderLineRow = typeof eshopOrderLines.$inferSelect
export type StockRow = typeof stock.$inferSelect
