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
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { WAITLIST_STATES, type WaitlistState } from '#domain/waitlist/rules.ts'
import { inList } from './checks.ts'
import { companyId, createdAt, entityId, updatedAt } from './columns.ts'
import { companies } from './companies.ts'

/**
 * A customer waiting for a slot on a full day (docs/decisions/040-waitlist.md): one shop, the
 * visit's services, the shop's local day and a window of minutes since local midnight. `position`
 * is the order of joining (a sequence, so ties are impossible). While live (waiting, offered)
 * a customer has one entry per shop and day: the partial unique index refuses a second. An offer
 * is a hold in the customer's cart (offer_cart_id, offer_appointment_ids) until offer_expires_at; the link's token is
 * stored only as its SHA-256 hash.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: entityId(),
    companyId: companyId(),
    customerId: text('customer_id').notNull(),
    shopId: text('shop_id').notNull(),
    serviceIds: text('service_ids').array().notNull(),
    day: text('day').notNull(),
    timeZone: text('time_zone').notNull(),
    windowFrom: integer('window_from').notNull(),
    windowTo: integer('window_to').notNull(),
    position: bigserial('position', { mode: 'number' }).notNull(),
    state: text('state').$type<WaitlistState>().notNull().default('waiting'),
    locale: text('locale').notNull().default('fr'),
    offerCartId: text('offer_cart_id'),
    /** the holds of the offer (the cart may hold the customer's own holds too) */
    offerAppointmentIds: text('offer_appointment_ids').array(),
    offerStart: text('offer_start'),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    offerTokenHash: text('offer_token_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'waitlist_entries_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'waitlist_entries_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    uniqueIndex('waitlist_entries_live_idx')
      .on(t.companyId, t.customerId, t.shopId, t.day)
      .where(sql`${t.state} in ('waiting', 'offered')`),
    index('waitlist_entries_line_idx').on(t.companyId, t.shopId, t.day, t.position),
    index('waitlist_entries_customer_idx').on(t.companyId, t.customerId, t.day),
    uniqueIndex('waitlist_entries_token_idx').on(t.offerTokenHash),
    check('waitlist_entries_state_check', inList(t.state, WAITLIST_STATES)),
    check('waitlist_entries_window_check', sql`${t.windowTo} > ${t.windowFrom}`),
  ],
)

/**
 * The transactional outbox of freed slots: cancelAppointments writes a row for each (shop, day)
 * it frees, in its own transaction, when somebody waits for that day; the waitlist job reads
 * them and marks them processed. A row exists exactly when the cancellation committed.
 */
export const waitlistFreed = pgTable(
  'waitlist_freed',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    shopId: text('shop_id').notNull(),
    day: text('day').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('waitlist_freed_due_idx').on(t.id).where(sql`${t.processedAt} is null`)],
)

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect
