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
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { accounts } from './accounts.ts'
import { inList } from './checks.ts'
import { companyId, createdAt, entityId, updatedAt } from './columns.ts'

/**
 * A customer's loyalty card (src/contract/loyalty.ts): one per customer and company. points can
 * never go below zero (CHECK), so an exchange is `update ... set points = points - n where
 * points >= n`: two concurrent exchanges cannot spend the same points twice.
 */
export const loyaltyCards = pgTable(
  'loyalty_cards',
  {
    id: entityId(),
    companyId: companyId(),
    customerId: text('customer_id').notNull(),
    number: text('number').notNull(),
    points: integer('points').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'loyalty_cards_pkey', columns: [t.companyId, t.id] }),
    // The card goes with its customer; the account belongs to the same company by construction.
    foreignKey({
      name: 'loyalty_cards_customer_fk',
      columns: [t.companyId, t.customerId],
      foreignColumns: [accounts.companyId, accounts.id],
    }).onDelete('cascade'),
    unique('loyalty_cards_customer_key').on(t.companyId, t.customerId),
    unique('loyalty_cards_number_key').on(t.companyId, t.number),
    check('loyalty_cards_points_check', sql`${t.points} >= 0`),
  ],
)

/**
 * Every change of a card's points: earn (a paid order completed), exchange (a tier), refund
 * (part of a paid order refunded: the points it had earned taken back), adjust, expire. An
 * order credits a card once: (card, source_kind, source_id) is unique for earnings, so a
 * repeated payment callback cannot credit twice. delta is what the card's balance moved; a
 * refund whose points were already spent takes what is left (delta may then be 0) and records
 * the points it could not take in shortfall.
 */
export const LOYALTY_REASONS = ['earn', 'exchange', 'refund', 'adjust', 'expire'] as const
export type LoyaltyReason = (typeof LOYALTY_REASONS)[number]

export const loyaltyMovements = pgTable(
  'loyalty_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    cardId: text('card_id').notNull(),
    delta: integer('delta').notNull(),
    reason: text('reason').$type<LoyaltyReason>().notNull(),
    tierId: text('tier_id'),
    /** 'booking' or 'eshop', with that order's id */
    sourceKind: text('source_kind'),
    sourceId: text('source_id'),
    /** refund: points owed back that the card no longer had (spent meanwhile) */
    shortfall: integer('shortfall').notNull().default(0),
    by: text('by'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'loyalty_movements_card_fk',
      columns: [t.companyId, t.cardId],
      foreignColumns: [loyaltyCards.companyId, loyaltyCards.id],
    }).onDelete('cascade'),
    index('loyalty_movements_card_idx').on(t.companyId, t.cardId, t.at),
    uniqueIndex('loyalty_movements_earn_once')
      .on(t.companyId, t.cardId, t.sourceKind, t.sourceId)
      .where(sql`${t.reason} = 'earn'`),
    check('loyalty_movements_reason_check', inList(t.reason, LOYALTY_REASONS)),
    check('loyalty_movements_delta_check', sql`${t.delta} <> 0 or ${t.reason} = 'refund'`),
    check('loyalty_movements_shortfall_check', sql`${t.shortfall} >= 0`),
  ],
)

export type LoyaltyCardRow = typeof loyaltyCards.$inferSelect
export type LoyaltyMovementRow = typeof loyaltyMovements.$inferSelect
