import { and, eq } from 'drizzle-orm'
import type { ApiErrorType } from '#contract/error.ts'
import { mayUnlink } from '#domain/account/social.ts'
import {
  type AccountRow,
  accounts,
  type CompanyRow,
  type SocialProvider,
  socialIdentities,
} from '#server/db/schema/index.ts'
import { badRequest, conflict, notFound, Refusal } from '#server/kernel/index.ts'
import type { ServiceDeps } from '#server/services/deps.ts'
import { type IssuedToken, issueToken } from '../auth/index.ts'
import { findAccount, findAccountByEmail } from './repository.ts'
import { type SocialVerifier, socialVerifierFromEnv, type VerifiedIdentity } from './social.ts'

/**
 * Customer accounts signed in with Google or Facebook. An identity is tied to an account by the
 * provider's user id. A first sign-in joins the account of the same e-mail only when the
 * provider vouches for that e-mail (otherwise anyone could open a social account on someone
 * else's address and keep it after the owner resets the password).
 */

type Deps = Pick<ServiceDeps, 'db'>

/** The company's app id for this provider (booker.oauthKeys): without one, no social sign-in. */
export function appIdOf(company: CompanyRow, provider: SocialProvider): string {
  const booker = company.data.booker as { oauthKeys?: Record<string, unknown> } | undefined
  const key = booker?.oauthKeys?.[provider]
  if (typeof key !== 'string' || key.trim() === '') {
    throw badRequest(
      `Sign-in with ${provider} is not set up for this company.`,
      'providerNotConfigured',
    )
  }
  return key.trim()
}

/** The identity behind the token, if it is valid for this company's app and this user id. */
export async function verifySocial(
  company: CompanyRow,
  input: { provider: SocialProvider; userID: string; accessToken: string },
  verifier: SocialVerifier = socialVerifierFromEnv(),
): Promise<VerifiedIdentity | undefined> {
  const identity = await verifier.verify(
    input.provider,
    input.accessToken,
    appIdOf(company, input.provider),
  )
  return identity?.userId === input.userID ? identity : undefined
}

async function accountOfIdentity(
  deps: Deps,
  companyId: number,
  provider: SocialProvider,
  userId: string,
) {
  const [row] = await deps.db
    .select({ account: accounts })
    .from(socialIdentities)
    .innerJoin(
      accounts,
      and(
        eq(accounts.companyId, socialIdentities.companyId),
        eq(accounts.id, socialIdentities.accountId),
      ),
    )
    .where(
      and(
        eq(socialIdentities.companyId, companyId),
        eq(socialIdentities.provider, provider),
        eq(socialIdentities.providerUserId, userId),
        eq(accounts.kind, 'customer'),
      ),
    )
    .limit(1)
  return row?.account
}

export type SocialLoginResult =
  | {
      readonly ok: true
      readonly account: AccountRow
      readonly token: IssuedToken
      readonly exist: boolean
    }
  | { readonly ok: false; readonly errType: ApiErrorType }

export async function socialLogin(
  deps: Deps,
  company: CompanyRow,
  input: { provider: SocialProvider; userID: string; accessToken: string; email: string },
  verifier?: SocialVerifier,
): Promise<SocialLoginResult> {
  const identity = await verifySocial(company, input, verifier)
  if (!identity) return { ok: false, errType: 'invalidProviderToken' }
  // the e-mail the browser sent must be the one the provider vouches for
  const email = input.email.trim().toLowerCase()
  const vouched = identity.emailVerified && identity.email?.toLowerCase() === email
  const found = await accountForIdentity(deps, company, input.provider, {
    ...identity,
    emailVerified: vouched,
  })
  if (!found.ok) return found
  const token = await issueToken(deps.db, {
    companyId: company.id,
    kind: 'customer',
    subjectId: found.account.id,
  })
  return { ...found, token }
}

/**
 * The customer a provider vouched for: the account already tied to that identity, else
 * the customer of the same e-mail, else a new password-less customer; the last two only when the
 * provider vouches for the e-mail (else `emailNotVerified`). Shared by the token call above and
 * the OpenID Connect redirect flow (oidc-flow.ts).
 */
export async function accountForIdentity(
  deps: Deps,
  company: CompanyRow,
  provider: SocialProvider,
  identity: VerifiedIdentity,
): Promise<
  | { readonly ok: true; readonly account: AccountRow; readonly exist: boolean }
  | { readonly ok: false; readonly errType: ApiErrorType }
> {
  const known = await accountOfIdentity(deps, company.id, provider, identity.userId)
  if (known) return { ok: true, account: known, exist: true }

  const email = identity.email?.trim().toLowerCase()
  if (!identity.emailVerified || !email) return { ok: false, errType: 'emailNotVerified' }
  const existing = await findAccountByEmail(deps.db, company.id, 'customer', email)
  const account = await deps.db.transaction(async (tx) => {
    const [row] = existing
      ? [existing]
      : await tx
          .insert(accounts)
          .values({
            companyId: company.id,
            kind: 'customer',
            email,
            passwordHash: null,
            profile: { profiles: [], links: [] },
            verifiedAt: new Date(),
          })
          .returning()
    if (!row) throw new Refusal(500, 'internal', 'Internal error.')
    await tx.insert(socialIdentities).values({
      companyId: company.id,
      accountId: row.id,
      provider,
      providerUserId: identity.userId,
    })
    return row
  })
  return { ok: true, account, exist: existing !== undefined }
}

/** Links a provider to the signed-in customer; the identity must not belong to anybody else. */
export async function linkSocial(
  deps: Deps,
  company: CompanyRow,
  accountId: string,
  input: { provider: SocialProvider; userID: string; accessToken: string },
  verifier?: SocialVerifier,
): Promise<void> {
  const identity = await verifySocial(company, input, verifier)
  if (!identity) {
    throw badRequest('The sign-in provider did not confirm this account.', 'invalidProviderToken')
  }
  await linkIdentity(deps, company.id, accountId, input.provider, identity.userId)
}

/**
 * Ties a provider's user id to a customer of the company. Unique keys answer 409 Conflict when
 * the identity belongs to an account already, or the account has this provider already.
 */
export async function linkIdentity(
  deps: Deps,
  companyId: number,
  accountId: string,
  provider: SocialProvider,
  providerUserId: string,
): Promise<void> {
  await deps.db.insert(socialIdentities).values({ companyId, accountId, provider, providerUserId })
}

/** The providers tied to a customer of the company. */
export async function linkedProviders(
  deps: Deps,
  companyId: number,
  accountId: string,
): Promise<SocialProvider[]> {
  const rows = await deps.db
    .select({ provider: socialIdentities.provider })
    .from(socialIdentities)
    .where(
      and(eq(socialIdentities.companyId, companyId), eq(socialIdentities.accountId, accountId)),
    )
  return rows.map((row) => row.provider).sort()
}

/** Unlinks a provider, unless it is the account's only way in (no password, no other link). */
export async function unlinkSocial(
  deps: Deps,
  companyId: number,
  accountId: string,
  provider: SocialProvider,
): Promise<void> {
  const account = await findAccount(deps.db, companyId, 'customer', accountId)
  if (!account) throw notFound('No such account.')
  const mine = and(
    eq(socialIdentities.companyId, companyId),
    eq(socialIdentities.accountId, accountId),
  )
  const linked = await deps.db
    .select({ provider: socialIdentities.provider })
    .from(socialIdentities)
    .where(mine)
  if (!linked.some((row) => row.provider === provider)) {
    throw notFound(`No ${provider} sign-in is linked to this account.`)
  }
  const hasPassword = account.passwordHash !== null
  if (!mayUnlink({ hasPassword, linked: linked.map((row) => row.provider), provider })) {
    throw conflict(
      'Set a password before unlinking your last sign-in provider.',
      'lastSignInMethod',
    )
  }
  await deps.db.delete(socialIdentities).where(and(mine, eq(socialIdentities.provider, provider)))
}
