import { foreignKey, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { bookingOrders } from './booking-orders.ts'
import { companyId, createdAt } from './columns.ts'

/**
 * One row per reminder sent: a visit (booking order) at its start instant. The reminder sweep
 * (services/visits/reminders.ts) inserts the row and queues the messages in one transaction,
 * and the primary key lets only one transaction insert it, so a reminder is queued exactly once
 * whatever the instances, retries or restarts (docs/decisions/039-reminders-and-calendar.md).
 * A visit moved to another start is a new visit to remind of.
 */
export const visitReminders = pgTable(
  'visit_reminders',
  {
    companyId: companyId(),
    bookingOrderId: text('booking_order_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** 'email' or 'email+sms': what was queued */
    channels: text('channels').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({
      name: 'visit_reminders_pkey',
      columns: [t.companyId, t.bookingOrderId, t.startsAt],
    }),
    foreignKey({
      name: 'visit_reminders_booking_order_fk',
      columns: [t.companyId, t.bookingOrderId],
      foreignColumns: [bookingOrders.companyId, bookingOrders.id],
    }).onDelete('cascade'),
  ],
)

export type VisitReminderRow = typeof visitReminders.$inferSelect
