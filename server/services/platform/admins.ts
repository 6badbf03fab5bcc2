import { randomBytes } from 'node:crypto'
import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type PlatformAdminRow, platformAdmins, platformSessions } from '#server/db/schema/index.ts'
import { clock, conflict, unauthorized } from '#server/kernel/index.ts'
import {
  hashPassword,
  hashToken,
  LOGIN_ERROR_TYPE,
  TOKEN_TTL_MS,
  verifyPassword,
} from '../auth/index.ts'
import { limitedAdminCheck } from './admin-limits.ts'

/**
 * The platform's administrators (docs/decisions/085-company-creation.md): the installation
 * creates the first one, once; they sign in with the auth module's password hashing and bearer
 * tokens (a company user's lifetime), kept in tables of their own since they belong to no company.
 */

interface AdminSession {
  readonly token: string
  readonly user: { readonly id: string; readonly email: string }
}

const view = (row: PlatformAdminRow) => ({ id: String(row.id), email: row.email })

export async function isInstalled(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: platformAdmins.id }).from(platformAdmins).limit(1)
  return row !== undefined
}

async function issueSession(db: Db, row: PlatformAdminRow): Promise<AdminSession> {
  const token = randomBytes(32).toString('base64url')
  const now = clock.now()
  await db.insert(platformSessions).values({
    adminId: row.id,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS.provider),
  })
  return { token, user: view(row) }
}

/**
 * An administrator other than the first, with a live session: the API tests' (the platform
 * screen has no call that adds one yet).
 */
export async function platformSession(db: Db, email: string): Promise<string> {
  const passwordHash = await hashPassword(randomBytes(16).toString('hex'))
  const [row] = await db.insert(platformAdmins).values({ email, passwordHash }).returning()
  if (!row) throw new Error('platform administrator not written')
  return (await issueSession(db, row)).token
}

/**
 * The first administrator. The insert is the check: `first` is unique where true, so of a
 * parallel burst one row is written and every other registration is refused, on any number of
 * instances (no read-then-write).
 */
export async function registerFirstAdmin(
  db: Db,
  input: { email: string; password: string },
): Promise<AdminSession> {
  const passwordHash = await hashPassword(input.password)
  const [row] = await db
    .insert(platformAdmins)
    .values({ email: input.email.trim().toLowerCase(), passwordHash, first: true })
    .onConflictDoNothing()
    .returning()
  if (!row) throw conflict('The platform is already installed.', 'alreadyInstalled')
  return issueSession(db, row)
}

/** Under the login limits of the client `address` (admin-limits.ts): 429 once locked out. */
export async function loginAdmin(
  db: Db,
  input: { email: string; password: string; address: string },
): Promise<AdminSession | { errType: string }> {
  const [row] = await db
    .select()
    .from(platformAdmins)
    .where(eq(platformAdmins.email, input.email.trim().toLowerCase()))
    .limit(1)
  // an unknown address costs the same check, and gets the same answer as a wrong password
  const valid = await limitedAdminCheck(db, input, () =>
    verifyPassword(input.password, row?.passwordHash ?? null),
  )
  if (!row || !valid) return { errType: LOGIN_ERROR_TYPE.badPassword }
  return issueSession(db, row)
}

/** Base64url of 32 bytes: anything else is no session of ours and costs no query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

/** The administrator of an `authorization: Bearer` header, or 401. */
export async function resolvePlatformAdmin(
  db: Db,
  header: string | undefined,
): Promise<{ id: string; email: string }> {
  if (header === undefined || header.trim() === '') throw unauthorized()
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1]
  const [row] =
    token && TOKEN_PATTERN.test(token)
      ? await db
          .select({ admin: platformAdmins })
          .from(platformSessions)
          .innerJoin(platformAdmins, eq(platformAdmins.id, platformSessions.adminId))
          .where(
            and(
              eq(platformSessions.tokenHash, hashToken(token)),
              gt(platformSessions.expiresAt, clock.now()),
            ),
          )
          .limit(1)
      : []
  if (!row) throw unauthorized('Invalid or expired session.', 'invalidToken')
  return view(row.admin)
}
