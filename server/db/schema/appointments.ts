import { sql } from 'drizzle-orm'
import {
  check,
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { bookingOrders } from './booking-orders.ts'
import { carts } from './carts.ts'
import { inList } from './checks.ts'
import { companyId, createdAt, entityId, updatedAt } from './columns.ts'
import { companies } from './companies.ts'

/** PostgreSQL tstzrange, read as its text form ('["2026-03-29 07:00:00+00","...")'). */
const tstzrange = customType<{ data: string; driverData: string }>({
  dataType: () => 'tstzrange',
})

/** [starts_at, ends_at): back-to-back appointments (10:00-11:00, 11:00-12:00) do not overlap. */
const during = () =>
  tstzrange('during').notNull().generatedAlwaysAs(sql`tstzrange(starts_at, ends_at, '[)')`)

/**
 * hold: placed for an unpaid cart, valid until expires_at; confirmed: paid (or nothing to pay);
 * cancelled: by the customer, by a provider, or a lapsed hold (cancel_reason says which).
 * A hold past expires_at that nobody cancelled yet is FREE for availability and booking: the
 * booking transaction cancels it (under the resource locks) before claiming the range, and the
 * hold sweeper cancels the rest, so no lapsed hold ever blocks a customer.
 */
export const APPOINTMENT_STATUSES = ['hold', 'confirmed', 'cancelled'] as const
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number]
export const CANCEL_REASONS = ['customer', 'provider', 'expired', 'payment'] as const
export type CancelReason = (typeof CANCEL_REASONS)[number]
export const RESOURCE_KINDS = ['employee', 'cabin'] as const
export type ResourceKind = (typeof RESOURCE_KINDS)[number]

/**
 * One booked service. Instants are stored (starts_at, ends_at), and the shop wall-clock the
 * customer chose beside them (local_start, local_end, time_zone), so an account page shows what
 * was booked even if the shop's zone setting changes later. Catalogue ids (shop, service,
 * employee, cabin) carry no foreign key: content rows may be re-seeded or removed while the
 * history of appointments must stay.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: entityId(),
    companyId: companyId(),
    cartId: text('cart_id').notNull(),
    bookingOrderId: text('booking_order_id'),
    shopId: text('shop_id').notNull(),
    serviceId: text('service_id').notNull(),
    employeeId: text('employee_id').notNull(),
    cabinId: text('cabin_id'),
    equipmentIds: text('equipment_ids').array().notNull().default(sql`'{}'::text[]`),
    customerId: text('customer_id'),
    status: text('status').$type<AppointmentStatus>().notNull().default('hold'),
    cancelReason: text('cancel_reason').$type<CancelReason>(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    during: during(),
    localStart: text('local_start').notNull(),
    localEnd: text('local_end').notNull(),
    timeZone: text('time_zone').notNull(),
    /** holds only */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    giftCode: text('gift_code'),
    customMessage: text('custom_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'appointments_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'appointments_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'appointments_cart_fk',
      columns: [t.companyId, t.cartId],
      foreignColumns: [carts.companyId, carts.id],
    }),
    foreignKey({
      name: 'appointments_booking_order_fk',
      columns: [t.companyId, t.bookingOrderId],
      foreignColumns: [bookingOrders.companyId, bookingOrders.id],
    }),
    index('appointments_shop_starts_idx').on(t.companyId, t.shopId, t.startsAt),
    index('appointments_cart_idx').on(t.companyId, t.cartId),
    index('appointments_customer_idx').on(t.companyId, t.customerId, t.startsAt),
    index('appointments_hold_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'hold'`),
    check('appointments_status_check', inList(t.status, APPOINTMENT_STATUSES)),
    check(
      'appointments_cancel_reason_check',
      sql`${t.cancelReason} is null or ${inList(t.cancelReason, CANCEL_REASONS)}`,
    ),
    check('appointments_range_check', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'appointments_hold_expiry_check',
      sql`${t.status} <> 'hold' or ${t.expiresAt} is not null`,
    ),
    check('appointments_price_check', sql`${t.priceCents} >= 0`),
  ],
)

/**
 * What an appointment occupies: one row per resource (its employee, its cabin). The exclusion
 * constraint appointment_claims_no_overlap (hand-written migration 0002: Drizzle cannot declare
 * one) makes two overlapping live claims of one resource impossible, whatever the concurrency:
 *   EXCLUDE USING gist (company_id WITH =, resource_id WITH =, during WITH &&)
 *   WHERE (status <> 'cancelled')
 * status mirrors the appointment's (the constraint's predicate can only read this table); the
 * booking services update both in the same transaction. Writers also take per-resource advisory
 * locks first (server/kernel/locks.ts): the constraint is the guarantee, the locks keep bursts
 * from deadlocking on it.
 */
export const appointmentClaims = pgTable(
  'appointment_claims',
  {
    companyId: companyId(),
    appointmentId: text('appointment_id').notNull(),
    resourceId: text('resource_id').notNull(),
    resourceKind: text('resource_kind').$type<ResourceKind>().notNull(),
    shopId: text('shop_id').notNull(),
    status: text('status').$type<AppointmentStatus>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    during: during(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({
      name: 'appointment_claims_pkey',
      columns: [t.companyId, t.appointmentId, t.resourceId],
    }),
    foreignKey({
      name: 'appointment_claims_appointment_fk',
      columns: [t.companyId, t.appointmentId],
      foreignColumns: [appointments.companyId, appointments.id],
    }).onDelete('cascade'),
    // The availability query reads one shop's claims over a period with this index.
    index('appointment_claims_shop_starts_idx').on(t.companyId, t.shopId, t.startsAt),
    check('appointment_claims_status_check', inList(t.status, APPOINTMENT_STATUSES)),
    check('appointment_claims_kind_check', inList(t.resourceKind, RESOURCE_KINDS)),
    check('appointment_claims_range_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
)

export type AppointmentRow = typeof appointments.$inferSelect
export type NewAppointmentRow = typeof appointments.$inferInsert
export type AppointmentClaimRow = typeof appointmentClaims.$inferSelect
