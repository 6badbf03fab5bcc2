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
} from 'drizzle-orm/pg-core'
import { accounts } from './accounts.ts'
import { companyId, createdAt, entityId } from './columns.ts'
import { companies } from './companies.ts'

/**
 * Customer sign-ups waiting for their codes (docs/product/4-states.md registration, steps 1 and 2, then code
 * verification). They live apart from `accounts` so a pending sign-up can neither log in, nor
 * hold a phone number, nor show up in provider look-ups; the account is created, with this id,
 * once the codes are verified. Emails are stored lowercased, one pending sign-up per address.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: entityId(),
    companyId: companyId(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    /** A sign-up left unfinished is forgotten after this. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'registrations_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'registrations_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    unique('registrations_email_key').on(t.companyId, t.email),
    check('registrations_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
)

export type CodeChannel = 'sms' | 'email'

/**
 * One live code per sign-up and channel: 6 digits, stored as a scrypt hash, short-lived, with a
 * budget of wrong attempts, and a count of sends per window so a resend loop cannot buy
 * unlimited guesses nor flood a phone.
 */
export const registrationCodes = pgTable(
  'registration_codes',
  {
    companyId: companyId(),
    registrationId: text('registration_id').notNull(),
    channel: text('channel').$type<CodeChannel>().notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sends: integer('sends').notNull().default(1),
    sendsSince: timestamp('sends_since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'registration_codes_pkey',
      columns: [t.companyId, t.registrationId, t.channel],
    }),
    foreignKey({
      name: 'registration_codes_registration_fk',
      columns: [t.companyId, t.registrationId],
      foreignColumns: [registrations.companyId, registrations.id],
    }).onDelete('cascade'),
    check('registration_codes_channel_check', sql`${t.channel} in ('sms', 'email')`),
  ],
)

/**
 * Password-reset tokens (docs/product/2-screens.md /profile/password-reset/:token): 32 random bytes mailed once,
 * only their SHA-256 stored, single use. The composite key ties them to an account of the same
 * company, so the by-token calls of one company never reach another's accounts.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    accountId: text('account_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({
      name: 'password_resets_account_fk',
      columns: [t.companyId, t.accountId],
      foreignColumns: [accounts.companyId, accounts.id],
    }).onDelete('cascade'),
    index('password_resets_account_idx').on(t.companyId, t.accountId, t.createdAt),
  ],
)

export type RegistrationRow = typeof registrations.$inferSelect
export type RegistrationCodeRow = typeof registrationCodes.$inferSelect
