import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import {
  type AccountRow,
  accounts,
  type CodeChannel,
  type CompanyRow,
  registrationCodes,
  registrations,
} from '#server/db/schema/index.ts'
import { badRequest, clock, notFound, Refusal } from '#server/kernel/index.ts'
import type { ServiceDeps } from '#server/services/deps.ts'
import { type IssuedToken, issueToken, verifyPassword } from '../auth/index.ts'
import { CODE_POLICY } from './codes.ts'
import { channelsFor, findRegistration } from './registration.ts'

type Deps = Pick<ServiceDeps, 'db' | 'notifier' | 'sms'>

/**
 * What the person typed for each channel: `code` is the e-mail's and `smsCode` the SMS's (the
 * spec's body); when the SMS code is the only one asked, it may come as `code`.
 */
function givenCodes(
  input: { code: string; smsCode?: string | undefined },
  channels: readonly CodeChannel[],
): Record<CodeChannel, string> {
  const sms = input.smsCode?.trim() || (channels.includes('email') ? '' : input.code.trim())
  return { email: input.code.trim(), sms }
}

/**
 * Checks the codes the company asks for (signup-channels.ts). An attempt is spent before the
 * codes are compared, in one statement per code, so parallel guesses cannot exceed the budget;
 * the right codes after the budget is spent are refused too (429) until new codes are sent.
 */
export async function verifyRegistration(
  deps: Deps,
  company: CompanyRow,
  input: { userID: string; code: string; smsCode?: string | undefined },
  now = clock.now(),
): Promise<{ account: AccountRow; token: IssuedToken }> {
  const pending = await findRegistration(deps, company.id, { id: input.userID }, now)
  if (!pending) throw notFound('No registration to verify.')
  const channels = channelsFor(deps, company)
  // only the codes asked for now count: one sent for a channel the company no longer asks is ignored
  const scope = and(
    eq(registrationCodes.companyId, company.id),
    eq(registrationCodes.registrationId, pending.id),
    inArray(registrationCodes.channel, [...channels]),
  )
  const codes = await deps.db.select().from(registrationCodes).where(scope)
  if (codes.length < channels.length) {
    throw badRequest('Ask for the codes first (registration step 2).', 'codeRequired')
  }
  const spent = await deps.db
    .update(registrationCodes)
    .set({ attempts: sql`${registrationCodes.attempts} + 1` })
    .where(and(scope, lt(registrationCodes.attempts, CODE_POLICY.maxAttempts)))
    .returning()
  if (spent.length < codes.length) {
    throw new Refusal(429, 'tooManyAttempts', 'Too many wrong codes: ask for new ones.')
  }
  if (spent.some((row) => row.expiresAt <= now)) {
    throw badRequest('The code has expired: ask for a new one.', 'codeExpired')
  }
  const given = givenCodes(input, channels)
  const checks = await Promise.all(
    spent.map((row) => verifyPassword(given[row.channel], row.codeHash)),
  )
  if (!checks.every(Boolean)) {
    const left = Math.min(...spent.map((row) => CODE_POLICY.maxAttempts - row.attempts))
    throw badRequest(`Wrong code (${left} attempt(s) left).`, 'invalidCode')
  }
  return deps.db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({
        id: pending.id,
        companyId: company.id,
        kind: 'customer',
        email: pending.email,
        phone: pending.phone,
        passwordHash: pending.passwordHash,
        profile: { profiles: [{ firstname: '', lastname: '', phone: pending.phone }], links: [] },
        verifiedAt: now,
      })
      .returning()
    if (!account) throw new Refusal(500, 'internal', 'Internal error.')
    await tx
      .delete(registrations)
      .where(and(eq(registrations.companyId, company.id), eq(registrations.id, pending.id)))
    const token = await issueToken(tx, {
      companyId: company.id,
      kind: 'customer',
      subjectId: account.id,
      now,
    })
    return { account, token }
  })
}
