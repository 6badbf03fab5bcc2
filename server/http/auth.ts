import type { CallAuth } from '#contract/call.ts'
import type { Subject } from '#server/kernel/index.ts'
import { unauthorized } from '#server/kernel/index.ts'
import { resolveToken } from '#server/services/auth/index.ts'
import type { AppDeps } from './types.ts'

/**
 * The subject of the `authorization: Bearer <token>` header for the request's company.
 * No header: anonymous. A header that does not resolve (malformed, unknown, expired, or issued
 * by another company): 401 `invalidToken`, even on calls where a bearer is optional, so a client
 * holding a dead session learns it at once and logs out (docs/product/4-states.md auto-login).
 */
export async function resolveSubject(
  { db, sessions }: Pick<AppDeps, 'db' | 'sessions'>,
  companyId: number,
  header: string | undefined,
): Promise<Subject | undefined> {
  if (header === undefined || header.trim() === '') return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  const subject = match?.[1]
    ? await resolveToken(db, companyId, match[1], undefined, sessions)
    : undefined
  if (!subject) throw unauthorized('Invalid or expired session.', 'invalidToken')
  return subject
}

/** What each `auth` of a call description demands of the subject. */
export function assertAuth(auth: CallAuth, subject: Subject | undefined): void {
  if (auth === 'none' || auth === 'optional' || auth === 'platform') return
  if (!subject) throw unauthorized()
  if (auth !== 'any' && subject.kind !== auth) {
    throw unauthorized(`This call needs a ${auth} session.`, 'wrongAccountKind')
  }
}
