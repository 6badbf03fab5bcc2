import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'
import { companies } from './companies.ts'

export type NotificationChannel = 'sms' | 'email'

/**
 * Where a message is in its life (decision 054): queued (waiting for its transport, or kept in the
 * outbox when there is none), sent (the SMTP server or SMS provider accepted it), delivered (the
 * provider's status callback said so), bounced (a hard bounce or an invalid number: the address
 * or phone is marked undeliverable for the company), failed (refused for good, with the reason).
 */
export type NotificationStatus = 'queued' | 'sent' | 'delivered' | 'bounced' | 'failed'

/**
 * What a message is and what its template needs (decision 056): the kind picks the template, the
 * locale its language, the props are plain JSON with SECRET placeholders where secrets go.
 */
export interface NotificationTemplate {
  readonly kind: string
  readonly locale: string
  readonly props: Readonly<Record<string, unknown>>
}

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
    status: text('status').$type<NotificationStatus>().notNull().default('queued'),
    /** delivery attempts made (each SMTP or provider call) */
    attempts: integer('attempts').notNull().default(0),
    /** the transport that carried it: smtp, twilio, vonage */
    provider: text('provider'),
    /** the provider's id of the message (SMTP Message-ID, Twilio SID, Vonage message-id) */
    providerMessageId: text('provider_message_id'),
    /** the provider's words when it refused, bounced or failed */
    statusReason: text('status_reason'),
    statusAt: timestamp('status_at', { withTimezone: true }),
    /** the template of an e-mail (kind, locale, props), rendered to HTML and text at delivery */
    template: jsonb('template').$type<NotificationTemplate>(),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipient, t.createdAt),
    index('notifications_provider_message_idx')
      .on(t.provider, t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    check('notifications_channel_check', sql`${t.channel} in ('sms', 'email')`),
    check(
      'notifications_status_check',
      sql`${t.status} in ('queued', 'sent', 'delivered', 'bounced', 'failed')`,
    ),
  ],
)

/**
 * An e-mail address or phone number a message could not reach for good (a hard bounce, an
 * invalid number), per company: the customer is asked to correct it at the next sign-in, and it
 * is cleared when they change it.
 */
export const undeliverableContacts = pgTable(
  'undeliverable_contacts',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    /** the address (lower case) or the E.164 number */
    contact: text('contact').notNull(),
    reason: text('reason').notNull(),
    notificationId: bigint('notification_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.channel, t.contact] }),
    check('undeliverable_contacts_channel_check', sql`${t.channel} in ('sms', 'email')`),
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
export type UndeliverableContactRow = typeof undeliverableContacts.$inferSelect
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect
