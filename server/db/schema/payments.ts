import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
import { carts } from './carts.ts'
import { inList } from './checks.ts'
import { companyId, createdAt, entityId, type JsonObject, updatedAt } from './columns.ts'
import { companies } from './companies.ts'

/**
 * One attempt to pay a cart with a provider (free, stripe, paypal, payzen, saferpay, monetico).
 * amount_cents is what the server priced, never what a client sent. provider_ref is the
 * provider's id of the payment (PaymentIntent, PayPal order, payzen transaction...): unique per
 * company and provider, so a provider notification maps to exactly one payment.
 */
export const PAYMENT_STATUSES = [
  'created',
  'requiresAction',
  'pending',
  'succeeded',
  'failed',
  'cancelled',
  'refunded',
  'partiallyRefunded',
] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

export const payments = pgTable(
  'payments',
  {
    id: entityId(),
    companyId: companyId(),
    cartId: text('cart_id').notNull(),
    provider: text('provider').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('created'),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull().default('EUR'),
    providerRef: text('provider_ref'),
    /** what the browser widget needs (client secret, form token); not a credential of ours */
    providerToken: text('provider_token'),
    errorType: text('error_type'),
    errorMessage: text('error_message'),
    data: jsonb('data').$type<JsonObject>().notNull().default({}),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'payments_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'payments_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'payments_cart_fk',
      columns: [t.companyId, t.cartId],
      foreignColumns: [carts.companyId, carts.id],
    }),
    unique('payments_provider_ref_key').on(t.companyId, t.provider, t.providerRef),
    index('payments_cart_idx').on(t.companyId, t.cartId),
    check('payments_status_check', inList(t.status, PAYMENT_STATUSES)),
    check(
      'payments_amounts_check',
      sql`${t.amountCents} >= 0 and ${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`,
    ),
  ],
)

/**
 * Every callback and webhook a provider sent, keyed by the provider's event id (or, for the free
 * provider, the payId): `insert ... on conflict do nothing` tells a repeated delivery from a new
 * one, so a callback processed twice changes nothing (idempotency).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    paymentId: text('payment_id'),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<JsonObject>().notNull().default({}),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'payment_events_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    unique('payment_events_key').on(t.companyId, t.provider, t.eventKey),
    index('payment_events_payment_idx').on(t.companyId, t.paymentId),
  ],
)

export type PaymentRow = typeof payments.$inferSelect
export type PaymentEventRow = typeof paymentEvents.$inferSelect
