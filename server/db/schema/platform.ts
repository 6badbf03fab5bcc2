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
 * so these two tables are the only ones without company_id. `first` is true on the administrator
 * the installation created; its unique index makes that insert succeed once, whatever runs
 * beside it (a parallel burst of registrations, two API instances).
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

export type PlatformAdminRow = typeof platformAdmins.$inferSelect
