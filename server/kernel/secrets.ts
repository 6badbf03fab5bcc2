import type { CompanyRow } from '#server/db/schema/index.ts'

/**
 * Provider credentials (payments, SMS, sign-in). They never live in the company settings:
 * `companies.data` is sent to every browser by GET /api/companies/me, so only public values
 * belong there (booker.payment.keys.publicKey, booker.sms). Secrets come from the environment,
 * read at each use so an operator can rotate them without a restart:
 *
 *   NAME__<COMPANY>  the value for one company (token upper-cased, other characters as `_`:
 *                    `maison-lumiere` -> STRIPE_SECRET_KEY__MAISON_LUMIERE)
 *   NAME             the value for every other company (a platform-wide account)
 *
 * The names each provider reads are listed in docs/api/payments.md and server/README.md.
 */
export type SecretReader = (name: string) => string | undefined

export function companySuffix(token: string): string {
  return token.toUpperCase().replace(/[^A-Z0-9]/g, '_')
}

/** One name's value, trimmed; blank counts as unset. */
const readValue = (env: NodeJS.ProcessEnv, name: string) => {
  const value = env[name]?.trim()
  return value ? value : undefined
}

/** The company's own value of each name, else the platform's, name by name. */
export function secretsFor(
  company: Pick<CompanyRow, 'token'>,
  env: NodeJS.ProcessEnv = process.env,
): SecretReader {
  const own = ownSecrets(company, env)
  return (name) => own(name) ?? readValue(env, name)
}

/** Only the company's own values (NAME__<COMPANY>). */
export function ownSecrets(
  company: Pick<CompanyRow, 'token'>,
  env: NodeJS.ProcessEnv = process.env,
): SecretReader {
  const suffix = companySuffix(company.token)
  return (name) => readValue(env, `${name}__${suffix}`)
}

/** Only the platform's values (NAME). */
export function platformSecrets(env: NodeJS.ProcessEnv = process.env): SecretReader {
  return (name) => readValue(env, name)
}

/** Provider API base addresses: configurable so tests (and sandboxes) point them elsewhere. */
export function apiBase(read: SecretReader, name: string, fallback: string): string {
  return (read(name) ?? fallback).replace(/\/+$/, '')
}
