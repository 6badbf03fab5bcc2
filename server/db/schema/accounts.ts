import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { companyId, createdAt, entityId, type JsonObject, updatedAt } from './columns.ts'
import { companies } from './companies.ts'

/** The three account kinds of docs/product/6-roles.md, each with its own login and `me` calls. */
export const accountKinds = ['customer', 'provider', 'access'] as const
export type AccountKind = (typeof accountKinds)[number]

const kindCheck = (name: string, column: unknown) =>
  check(name, sql`${column} in ('customer', 'provider', 'access')`)

/**
 * Customers, company users (providers) and access accounts of one company. An email is unique per
 * company and kind (the same person may be a customer of two companies, or customer and provider).
 * Emails are stored lowercased. password_hash is null for accounts without a password (noPass).
 * profile holds the contract's profile fields; secrets never go there.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: entityId(),
    companyId: companyId(),
    kind: text('kind').$type<AccountKind>().notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    profile: jsonb('profile').$type<JsonObject>().notNull().default({}),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'accounts_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'accounts_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    unique('accounts_email_key').on(t.companyId, t.kind, t.email),
    index('accounts_phone_idx').on(t.companyId, t.phone),
    // A customer's phone identifies them (profile look-ups, SMS codes): one account per number.
    uniqueIndex('accounts_customer_phone_key')
      .on(t.companyId, t.phone)
      .where(sql`${t.kind} = 'customer' and ${t.phone} is not null`),
    kindCheck('accounts_kind_check', t.kind),
    check('accounts_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
)

/**
 * Bearer tokens. Only the SHA-256 of the token is stored, so a leaked table grants nothing.
 * The composite foreign key ties a token to an account of the same company: a token can never
 * name another company's account, and the lookup also filters on the requesting company.
 */
export const tokens = pgTable(
  'tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    kind: text('kind').$type<AccountKind>().notNull(),
    subjectId: text('subject_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({
      name: 'tokens_subject_fk',
      columns: [t.companyId, t.subjectId],
      foreignColumns: [accounts.companyId, accounts.id],
    }).onDelete('cascade'),
    index('tokens_subject_idx').on(t.companyId, t.subjectId),
    kindCheck('tokens_kind_check', t.kind),
  ],
)

/** Login attempts, for rate limiting per account and per client address (kept for a day). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AccountKind>().notNull(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    succeeded: boolean('succeeded').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_account_idx').on(t.companyId, t.kind, t.email, t.at),
    index('login_attempts_address_idx').on(t.address, t.at),
  ],
)

export const socialProviders = ['google', 'facebook'] as const
export type SocialProvider = (typeof socialProviders)[number]

/**
 * Social sign-in identities (Google, Facebook) linked to an account: the provider's user id is
 * unique per company and provider, and an account holds at most one identity per provider.
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    companyId: companyId(),
    accountId: text('account_id').notNull(),
    provider: text('provider').$type<SocialProvider>().notNull(),
    providerUserId: text('provider_user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({
      name: 'social_identities_pkey',
      columns: [t.companyId, t.provider, t.providerUserId],
    }),
    foreignKey({
      name: 'social_identities_account_fk',
      columns: [t.companyId, t.accountId],
      foreignColumns: [accounts.companyId, accounts.id],
    }).onDelete('cascade'),
    unique('social_identities_account_key').on(t.companyId, t.accountId, t.provider),
    check('social_identities_provider_check', sql`${t.provider} in ('google', 'facebook')`),
  ],
)

export type AccountRow = typeof accounts.$inferSelect
export type TokenRow = typeof tokens.$inferSelect
