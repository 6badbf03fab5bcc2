import type { Context } from 'hono'
import type { AccountKind, CompanyRow } from '#server/db/schema/index.ts'
import { clientAddress } from '#server/http/client-address.ts'
import type { AppEnv } from '#server/http/types.ts'
import { emailCodeFactor, requestLocale } from '#server/services/accounts/index.ts'
import { type LoginResult, login } from '#server/services/auth/index.ts'

/** What every password sign-in call sends (customers, providers, access accounts). */
export interface PasswordSignInBody {
  readonly email: string
  readonly password: string
  readonly code?: string | undefined
}

/**
 * One password sign-in of any account kind: the login limits per address, and past the account's
 * budget the e-mailed code (docs/decisions/061-sign-in-budget.md), mailed in the request's language.
 */
export function passwordSignIn(
  c: Context<AppEnv>,
  company: CompanyRow,
  kind: AccountKind,
  body: PasswordSignInBody,
): Promise<LoginResult> {
  const locale = requestLocale(c.req.header('curlang'))
  const { email, password } = body
  return login(
    c.var.deps.db,
    { companyId: company.id, kind, email, password, address: clientAddress(c) },
    emailCodeFactor(c.var.deps, company, locale, body.code),
  )
}
