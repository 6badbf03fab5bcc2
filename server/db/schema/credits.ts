import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { accounts } from './accounts.ts'
import { inList } from './checks.ts'
import { companyId } from './columns.ts'

/**
 * Credit held on a customer's account (contract: customers remainingamount, booking-admin
 * oldCredit, eorder/use): a ledger, never a balance column. 'refund' rows (+) are booking-order
 * amounts given back as credit (POST /bookingOrder/oldCredit/refund) and name the order they
 * came from; 'spend' rows (-) draw on one such order each (usedBy: what they paid), so what is
 * left of one order's credit is the sum of its rows, and of the account the sum of all. Spends
 * lock the customer's account row first, so concurrent spends never take the same credit.
 */
export const CREDIT_KINDS = ['refund', 'spend', 'adjust'] as const
export type CreditKind = (typeof CREDIT_KINDS)[number]

export const customerCredits = pgTable(
  'customer_credits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    customerId: text('customer_id').notNull(),
    kind: text('kind').$type<CreditKind>().notNull(),
    /** signed minor units: + credit given, - credit spent */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** the booking order (ideorder) this credit comes from */
    sourceIdeorder: text('source_ideorder').notNull(),
    /** spends: the order or cart it paid */
    usedBy: text('used_by'),
    by: text('by'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'customer_credits_customer_fk',
      columns: [t.companyId, t.customerId],
      foreignColumns: [accounts.companyId, accounts.id],
    }).onDelete('cascade'),
    index('customer_credits_customer_idx').on(t.companyId, t.customerId, t.at),
    index('customer_credits_source_idx').on(t.companyId, t.sourceIdeorder),
    check('customer_credits_kind_check', inList(t.kind, CREDIT_KINDS)),
    check('customer_credits_amount_check', sql`${t.amountCents} <> 0`),
  ],
)

export type CustomerCreditRow = typeof customerCredits.$inferSelect
