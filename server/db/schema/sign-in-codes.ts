import { foreignKey, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { accounts } from './accounts.ts'
import { companyId, createdAt } from './columns.ts'

/**
 * The e-mail code an account needs to sign in once its failed-password budget is spent
 * (docs/decisions/061-sign-in-budget.md): one live code per account, 6 digits stored as a
 * scrypt hash (a copy of the table hands out no live code), a lifetime, and the password
 * checks it has admitted (a code guessed by someone else admits only a few).
 */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    companyId: companyId(),
    accountId: text('account_id').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'sign_in_codes_pkey', columns: [t.companyId, t.accountId] }),
    foreignKey({
      name: 'sign_in_codes_account_fk',
      columns: [t.companyId, t.accountId],
      foreignColumns: [accounts.companyId, accounts.id],
    }).onDelete('cascade'),
  ],
)

export type SignInCodeRow = typeof signInCodes.$inferSelect
