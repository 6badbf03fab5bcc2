import { foreignKey, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { companyId, updatedAt } from './columns.ts'
import { companies } from './companies.ts'

/**
 * A company's provider credentials set from the studio (docs/decisions/089-site-settings-and-
 * key-store.md): one row per name the payment providers read (STRIPE_SECRET_KEY, ...), the value
 * sealed (AES-256-GCM, bound to the company and the name), never in `companies.data`, which every
 * browser receives. Gone with the company.
 */
export const companySecrets = pgTable(
  'company_secrets',
  {
    companyId: companyId(),
    name: text('name').notNull(),
    sealedValue: text('sealed_value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'company_secrets_pkey', columns: [t.companyId, t.name] }),
    foreignKey({
      name: 'company_secrets_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
  ],
)

export type CompanySecretRow = typeof companySecrets.$inferSelect
