import { bigserial, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { companyId } from './columns.ts'
import { companies } from './companies.ts'

/**
 * What a look-up was for: a gift voucher code or a coupon code (decision 017), or whether a
 * phone number is free (docs/decisions/061-sign-in-budget.md).
 */
export const CODE_SCOPES = ['voucher', 'coupon', 'phone'] as const
export type CodeScope = (typeof CODE_SCOPES)[number]

/**
 * Code look-ups (gift voucher and coupon codes) per client address, for throttling failed ones
 * (docs/decisions/017-abuse-limits.md). Same shape as login_attempts: an attempt is recorded as a
 * failure before the look-up and turned into a success when the code exists. Kept for a day.
 */
export const codeAttempts = pgTable(
  'code_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<CodeScope>().notNull(),
    address: text('address').notNull(),
    succeeded: boolean('succeeded').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('code_attempts_address_idx').on(t.companyId, t.address, t.at)],
)
