import { sql } from 'drizzle-orm'
import {
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { carts } from './carts.ts'
import { inList } from './checks.ts'
import { companyId, createdAt, entityId, updatedAt } from './columns.ts'
import { companies } from './companies.ts'

/**
 * One use of a coupon by one cart (docs/decisions/013-coupon-limits.md). Payment
 * initialize writes it 'reserved' under the coupon's advisory lock after counting the coupon's
 * live uses; the payment's success transaction turns it 'used'; a cart given up (expired,
 * cancelled, re-initialised) turns it 'released'. A reserved row counts only while its cart can
 * still be paid, so a cart that lapses gives its use back even before the sweeper passes.
 */
export const COUPON_REDEMPTION_STATUSES = ['reserved', 'used', 'released'] as const
export type CouponRedemptionStatus = (typeof COUPON_REDEMPTION_STATUSES)[number]

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: entityId(),
    companyId: companyId(),
    couponId: text('coupon_id').notNull(),
    cartId: text('cart_id').notNull(),
    /** the signed-in customer of the cart; null for a visitor */
    customerId: text('customer_id'),
    status: text('status').$type<CouponRedemptionStatus>().notNull().default('reserved'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'coupon_redemptions_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'coupon_redemptions_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'coupon_redemptions_cart_fk',
      columns: [t.companyId, t.cartId],
      foreignColumns: [carts.companyId, carts.id],
    }).onDelete('cascade'),
    index('coupon_redemptions_coupon_idx').on(t.companyId, t.couponId, t.status),
    // A cart holds at most one live use: re-initialising releases the earlier one first.
    uniqueIndex('coupon_redemptions_live_cart')
      .on(t.companyId, t.cartId)
      .where(sql`${t.status} <> 'released'`),
    check('coupon_redemptions_status_check', inList(t.status, COUPON_REDEMPTION_STATUSES)),
  ],
)

export type CouponRedemptionRow = typeof couponRedemptions.$inferSelect
