import { and, eq, gt, lt, or } from 'drizzle-orm'
import type * as z from 'zod/mini'
import type { registerStep1Request, registerStep2Request } from '#contract/auth.ts'
import type { Locale } from '#i18n/locales.ts'
import {
  type CodeChannel,
  type CompanyRow,
  type RegistrationRow,
  registrationCodes,
  registrations,
} from '#server/db/schema/index.ts'
import { clock, conflict, Refusal, readPhone } from '#server/kernel/index.ts'
import type { ServiceDeps } from '#server/services/deps.ts'
import { limitedCodeLookup } from '../abuse/index.ts'
import { hashPassword, limitedPasswordCheck, verifyPassword } from '../auth/index.ts'
import { issueCode } from './codes.ts'
import { findAccountByEmail, findCustomerByPhone } from './repository.ts'
import { signupChannels, signupSetting } from './signup-channels.ts'

/**
 * Customer registration (docs/product/4-states.md): step 1 records a pending sign-up, step 2 checks its password
 * and sends the codes the company asks for (e-mail, SMS or both: signup-channels.ts), verification
 * creates the account and opens the session.
 * A pending sign-up is forgotten after a day, and a new step 1 for the same address replaces it.
 */
export const REGISTRATION_TTL_MS = 24 * 3600_000

type Deps = Pick<ServiceDeps, 'db' | 'notifier'>

/** The codes a sign-up of this company asks for, now. */
export function channelsFor(deps: Pick<ServiceDeps, 'sms'>, company: CompanyRow) {
  return signupChannels(signupSetting(company), deps.sms.forCompany(company) !== undefined)
}

/** The user a pending sign-up shows: its id becomes the account's id at verification. */
export function pendingUser(row: RegistrationRow) {
  const profile = { firstname: '', lastname: '', phone: row.phone }
  return { id: row.id, email: row.email, profiles: [profile], links: [], noPass: false }
}

/**
 * A taken e-mail or number is refused (409); each refusal spends the address's allowance of
 * phone look-ups, so step 1 cannot be used to test numbers once phoneavailable no longer
 * answers (docs/decisions/061-sign-in-budget.md). A free pair spends nothing.
 */
async function assertFree(
  deps: Deps,
  companyId: number,
  who: { email: string; phone: string; address: string },
) {
  const free = await limitedCodeLookup(
    deps.db,
    { companyId, scope: 'phone', address: who.address },
    async () => {
      const taken =
        (await findAccountByEmail(deps.db, companyId, 'customer', who.email)) ??
        (await findCustomerByPhone(deps.db, companyId, who.phone))
      return taken ? undefined : true
    },
  )
  // 'Conflict' exactly: the message the client maps to 409 (docs/product/5-rules.md).
  if (!free) throw conflict()
}

export async function findRegistration(
  deps: Deps,
  companyId: number,
  by: { email: string } | { id: string },
  now = clock.now(),
): Promise<RegistrationRow | undefined> {
  const key =
    'email' in by
      ? eq(registrations.email, by.email.trim().toLowerCase())
      : eq(registrations.id, by.id)
  const [row] = await deps.db
    .select()
    .from(registrations)
    .where(and(eq(registrations.companyId, companyId), key, gt(registrations.expiresAt, now)))
    .limit(1)
  return row
}

export async function startRegistration(
  deps: Deps,
  company: CompanyRow,
  body: z.output<typeof registerStep1Request>,
  address: string,
  now = clock.now(),
) {
  const email = body.email.trim().toLowerCase()
  const phone = readPhone(body.phone)
  await assertFree(deps, company.id, { email, phone, address })
  const passwordHash = await hashPassword(body.password)
  const row = await deps.db.transaction(async (tx) => {
    // Old abandoned sign-ups of this company go, and so does this address's previous one.
    await tx
      .delete(registrations)
      .where(
        and(
          eq(registrations.companyId, company.id),
          or(eq(registrations.email, email), lt(registrations.expiresAt, now)),
        ),
      )
    const [inserted] = await tx
      .insert(registrations)
      .values({
        companyId: company.id,
        email,
        phone,
        passwordHash,
        createdAt: now,
        expiresAt: new Date(now.getTime() + REGISTRATION_TTL_MS),
      })
      .returning()
    return inserted
  })
  if (!row) throw new Refusal(500, 'internal', 'Internal error.')
  const user = pendingUser(row)
  return { user, profile: user.profiles[0] ?? { firstname: '', lastname: '' } }
}

export type Step2Result =
  | {
      readonly kind: 'codesSent'
      readonly registration: RegistrationRow
      readonly channels: readonly CodeChannel[]
    }
  | { readonly kind: 'noPending' }

/**
 * Step 2: the pending sign-up of this address, its password checked under the login rate limit
 * (a public call that checks a password is a login), its phone updated if it changed, and the
 * company's codes sent. 'noPending' lets the route treat an already verified address as a login.
 */
export async function confirmRegistration(
  deps: Deps & Pick<ServiceDeps, 'sms'>,
  company: CompanyRow,
  body: z.output<typeof registerStep2Request>,
  context: { address: string; locale: Locale },
  now = clock.now(),
): Promise<Step2Result> {
  const pending = await findRegistration(deps, company.id, { email: body.email }, now)
  if (!pending) return { kind: 'noPending' }
  const phone = readPhone(body.phone)
  const key = {
    companyId: company.id,
    kind: 'customer' as const,
    email: pending.email,
    address: context.address,
  }
  const valid = await limitedPasswordCheck(
    deps.db,
    key,
    () => verifyPassword(body.password, pending.passwordHash),
    now,
  )
  if (!valid) throw new Refusal(403, 'credentials', 'Wrong e-mail or password.')
  let registration = pending
  if (phone !== pending.phone) {
    if (await findCustomerByPhone(deps.db, company.id, phone)) throw conflict()
    const [updated] = await deps.db
      .update(registrations)
      .set({ phone })
      .where(and(eq(registrations.companyId, company.id), eq(registrations.id, pending.id)))
      .returning()
    registration = updated ?? pending
    // Codes already sent went to the old number: they must not verify the new one.
    await deps.db
      .delete(registrationCodes)
      .where(
        and(
          eq(registrationCodes.companyId, company.id),
          eq(registrationCodes.registrationId, pending.id),
          eq(registrationCodes.channel, 'sms'),
        ),
      )
  }
  const channels = channelsFor(deps, company)
  for (const channel of channels) {
    await issueCode(deps, company, registration, channel, context.locale, now)
  }
  return { kind: 'codesSent', registration, channels }
}
