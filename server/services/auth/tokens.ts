import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, lt, ne } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type AccountKind, accounts, tokens } from '#server/db/schema/index.ts'
import type { Subject } from '#server/kernel/index.ts'
import { clock } from '#server/kernel/index.ts'
import type { SessionCache } from './session-cache.ts'

/**
 * Bearer tokens: 32 random bytes, base64url (43 characters) given to the client once; only
 * their SHA-256 is stored. A token is valid only for the company that issued it and until it
 * expires: customers after 30 days (the auth cookie of docs/product/9-constants.md), company users and access
 * accounts after 7 days (their cookie has no explicit lifetime; a week bounds a stolen token).
 */
export const TOKEN_TTL_MS: Readonly<Record<AccountKind, number>> = {
  customer: 30 * 24 * 3600 * 1000,
  provider: 7 * 24 * 3600 * 1000,
  access: 7 * 24 * 3600 * 1000,
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export interface IssuedToken {
  readonly token: string
  readonly expiresAt: Date
}

export async function issueToken(
  db: Db,
  input: { companyId: number; kind: AccountKind; subjectId: string; now?: Date },
): Promise<IssuedToken> {
  const token = randomBytes(32).toString('base64url')
  const now = input.now ?? clock.now()
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS[input.kind])
  await db.insert(tokens).values({
    companyId: input.companyId,
    kind: input.kind,
    subjectId: input.subjectId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt,
  })
  return { token, expiresAt }
}

/** Base64url of 32 bytes; anything else is refused without a query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

/**
 * The subject of a bearer token for this company, or undefined when the token is unknown,
 * expired, issued by another company, or its account is gone (the join checks it still exists).
 * With `sessions`, a token this instance resolved lately is answered from memory
 * (session-cache.ts); an unknown token is always looked up.
 */
export async function resolveToken(
  db: Db,
  companyId: number,
  token: string,
  now: Date = clock.now(),
  sessions?: SessionCache<Subject>,
): Promise<Subject | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined
  const tokenHash = hashToken(token)
  const known = sessions?.get(companyId, tokenHash, now.getTime())
  if (known) return known
  const since = sessions?.begin() ?? 0
  const [row] = await db
    .select({
      id: tokens.id,
      kind: tokens.kind,
      subjectId: tokens.subjectId,
      expiresAt: tokens.expiresAt,
    })
    .from(tokens)
    .innerJoin(
      accounts,
      and(
        eq(accounts.companyId, tokens.companyId),
        eq(accounts.id, tokens.subjectId),
        eq(accounts.kind, tokens.kind),
      ),
    )
    .where(
      and(
        eq(tokens.tokenHash, tokenHash),
        eq(tokens.companyId, companyId),
        gt(tokens.expiresAt, now),
      ),
    )
    .limit(1)
  if (!row) return undefined
  const subject: Subject = { kind: row.kind, id: row.subjectId, tokenId: row.id }
  sessions?.remember(
    since,
    { companyId, tokenHash, subject, expiresAt: row.expiresAt },
    now.getTime(),
  )
  return subject
}

/** Logout: the token stops working at once. */
export async function revokeToken(db: Db, companyId: number, tokenId: number): Promise<void> {
  await db.delete(tokens).where(and(eq(tokens.companyId, companyId), eq(tokens.id, tokenId)))
}

/**
 * Every session of one account ends (a password change or reset: whoever held the old password
 * may hold a session too), except `keepTokenId`, the session that made the change.
 */
export async function revokeAccountTokens(
  db: Db,
  companyId: number,
  accountId: string,
  keepTokenId?: number,
): Promise<void> {
  await db
    .delete(tokens)
    .where(
      and(
        eq(tokens.companyId, companyId),
        eq(tokens.subjectId, accountId),
        keepTokenId === undefined ? undefined : ne(tokens.id, keepTokenId),
      ),
    )
}

/** Expired tokens are useless; dropping them keeps the table small. */
export async function purgeExpiredTokens(db: Db, now: Date = clock.now()): Promise<void> {
  await db.delete(tokens).where(lt(tokens.expiresAt, now))
}
