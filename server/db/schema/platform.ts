import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'

/**
 * The platform's administrators (docs/decisions/085-company-creation.md): not a company's users,
 * so these tables are the only ones without company_id. `first` is true on the administrator
 * the installation created; its unique index makes that insert succeed once, whatever runs
 * beside it (a parallel burst of registrations, two API instances). Their failed sign-ins are
 * counted apart from the companies' (platform_login_attempts), in the directory's database.
 */
export const platformAdmins = pgTable(
  'platform_admins',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    first: boolean('first').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('platform_admins_first_key').on(t.first).where(sql`${t.first}`),
    check('platform_admins_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
)

/** Their bearer tokens: only the SHA-256 is stored, as for company accounts (auth module). */
export const platformSessions = pgTable(
  'platform_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => platformAdmins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('platform_sessions_admin_idx').on(t.adminId)],
)

/**
 * The administrators' sign-in attempts, for the same limits as the companies' users
 * (server/services/platform/admin-limits.ts; decision 014's login limits).
 */
export const platformLoginAttempts = pgTable(
  'platform_login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    succeeded: boolean('succeeded').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('platform_login_attempts_email_idx').on(t.email, t.address, t.at),
    index('platform_login_attempts_address_idx').on(t.address, t.at),
  ],
)

export type PlatformAdminRow = typeof platformAdmins.$inferSelect
