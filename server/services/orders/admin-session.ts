import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { accounts, type CompanyRow, companies, tokens } from '#server/db/schema/index.ts'
import { clock, unauthorized } from '#server/kernel/index.ts'
import { hashToken } from '../auth/index.ts'
import { type Staff, staffOf } from './staff.ts'

export interface AdminSession {
  readonly company: CompanyRow
  readonly providerId: string
  /** the studio role's reach (docs/decisions/072-studio-roles.md), applied by each service */
  readonly staff: Staff
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{43})\s*$/i

/**
 * Booking admin and statistics calls carry no company header (docs/product/7-calls.md): the provider bearer
 * names the company, since a token is only ever valid for the company that issued it (its row
 * holds the company). A `company` header, if one is sent anyway, must be that company's token.
 * No bearer: 401 unauthorized; unknown, expired or of another company: 401 invalidToken; a
 * customer or access session: 401 wrongAccountKind.
 */
export async function resolveAdminSession(
  db: Db,
  authorization: string | undefined,
  companyHeader: string | undefined,
  now: Date = clock.now(),
): Promise<AdminSession> {
  if (authorization === undefined || authorization.trim() === '') throw unauthorized()
  const token = BEARER.exec(authorization)?.[1]
  const [row] = token
    ? await db
        .select({ kind: tokens.kind, subjectId: tokens.subjectId, company: companies })
        .from(tokens)
        .innerJoin(
          accounts,
          and(
            eq(accounts.companyId, tokens.companyId),
            eq(accounts.id, tokens.subjectId),
            eq(accounts.kind, tokens.kind),
          ),
        )
        .innerJoin(companies, eq(companies.id, tokens.companyId))
        .where(and(eq(tokens.tokenHash, hashToken(token)), gt(tokens.expiresAt, now)))
        .limit(1)
    : []
  const header = companyHeader?.trim()
  if (!row || (header && header !== row.company.token)) {
    throw unauthorized('Invalid or expired session.', 'invalidToken')
  }
  if (row.kind !== 'provider') {
    throw unauthorized('This call needs a provider session.', 'wrongAccountKind')
  }
  const staff = await staffOf(db, row.company.id, row.subjectId)
  return { company: row.company, providerId: row.subjectId, staff }
}
