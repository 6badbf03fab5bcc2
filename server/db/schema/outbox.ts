import { sql } from 'drizzle-orm'
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'
import { companies } from './companies.ts'

export type NotificationChannel = 'sms' | 'email'

/**
 * Every SMS and email the API sends, whatever the transport; SMTP also records sent_at/error.
 * A message's secret (code, reset token, voucher code) is never in subject or body, which hold a
 * placeholder: it is in sealed_secret, AES-256-GCM under NOTIFICATION_KEY, cleared once the
 * message is delivered (docs/decisions/018-secrets-in-messages.md).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    sealedSecret: text('sealed_secret'),
    transport: text('transport').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipient, t.createdAt),
    check('notifications_channel_check', sql`${t.channel} in ('sms', 'email')`),
  ],
)

/**
 * Publish webhooks, one row per (change, receiver URL), written in the transaction of the change
 * so a publish is never lost: the delivery loop retries each row until it is delivered.
 * The body and its signature are fixed when the row is written, so retries send identical bytes.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    host: text('host').notNull(),
    kind: text('kind').notNull(),
    entityId: text('entity_id').notNull(),
    url: text('url').notNull(),
    body: text('body').notNull(),
    signature: text('signature').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null`),
  ],
)

export type NotificationRow = typeof notifications.$inferSelect
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect
