import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { carts } from './carts.ts'
import { inList } from './checks.ts'
import { companyId, createdAt, entityId, updatedAt } from './columns.ts'
import { companies } from './companies.ts'

/**
 * Gift vouchers (src/contract/gift.ts). A voucher is 'pending' until its cart is paid, then
 * 'active'. remaining_cents drops as it pays bookings and can never go below zero nor above the
 * amount (CHECK): spending is `update ... set remaining_cents = remaining_cents - x where
 * remaining_cents >= x`, so two concurrent spends of one code cannot both take the last euro.
 */
export const GIFT_STATUSES = ['pending', 'active', 'cancelled'] as const
export type GiftStatus = (typeof GIFT_STATUSES)[number]

export const gifts = pgTable(
  'gifts',
  {
    id: entityId(),
    companyId: companyId(),
    code: text('code').notNull(),
    status: text('status').$type<GiftStatus>().notNull().default('pending'),
    themeId: text('theme_id'),
    amountCents: integer('amount_cents').notNull(),
    remainingCents: integer('remaining_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** recipient (contract `to`, `email`) */
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    fromName: text('from_name'),
    message: text('message'),
    purchaserCustomerId: text('purchaser_customer_id'),
    purchaserEmail: text('purchaser_email'),
    shopId: text('shop_id'),
    /** the service it is restricted to, if any */
    serviceId: text('service_id'),
    cartId: text('cart_id'),
    validUntil: date('valid_until', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'gifts_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'gifts_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'gifts_cart_fk',
      columns: [t.companyId, t.cartId],
      foreignColumns: [carts.companyId, carts.id],
    }),
    unique('gifts_code_key').on(t.companyId, t.code),
    index('gifts_purchaser_idx').on(t.companyId, t.purchaserCustomerId, t.createdAt),
    check('gifts_status_check', inList(t.status, GIFT_STATUSES)),
    check(
      'gifts_amounts_check',
      sql`${t.amountCents} >= 0 and ${t.remainingCents} >= 0 and ${t.remainingCents} <= ${t.amountCents}`,
    ),
  ],
)

/**
 * A voucher's history: purchase (+amount), redeem (-spent, per cart), refund (+back), resend,
 * cancel. A cart redeems a given voucher at most once (partial unique index), so a retried
 * payment does not spend it twice.
 */
export const GIFT_MOVEMENT_KINDS = ['purchase', 'redeem', 'refund', 'resend', 'cancel'] as const
export type GiftMovementKind = (typeof GIFT_MOVEMENT_KINDS)[number]

export const giftMovements = pgTable(
  'gift_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    giftId: text('gift_id').notNull(),
    kind: text('kind').$type<GiftMovementKind>().notNull(),
    /** signed minor units: negative when the voucher pays */
    amountCents: integer('amount_cents').notNull().default(0),
    cartId: text('cart_id'),
    bookingOrderId: text('booking_order_id'),
    by: text('by'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'gift_movements_gift_fk',
      columns: [t.companyId, t.giftId],
      foreignColumns: [gifts.companyId, gifts.id],
    }).onDelete('cascade'),
    index('gift_movements_gift_idx').on(t.companyId, t.giftId, t.at),
    uniqueIndex('gift_movements_redeem_once')
      .on(t.companyId, t.giftId, t.cartId)
      .where(sql`${t.kind} = 'redeem'`),
    check('gift_movements_kind_check', inList(t.kind, GIFT_MOVEMENT_KINDS)),
  ],
)

export type GiftRow = typeof gifts.$inferSelect
export type GiftMovementRow = typeof giftMovements.$inferSelect
