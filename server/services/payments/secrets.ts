import type { CompanyRow } from '#server/db/schema/index.ts'

/**
 * Provider credentials. They never live in the company settings: `companies.data` is sent to
 * every browser by GET /api/companies/me, so only public keys belong there
 * (booker.payment.keys.publicKey). Secrets come from the environment, read at each use so an
 * operator can rotate them without a restart:
 *
 *   NAME__<COMPANY>  the value for one company (token upper-cased, other characters as `_`:
 *                    `maison-lumiere` -> STRIPE_SECRET_KEY__MAISON_LUMIERE)
 *   NAME             the value for every other company (a platform-wide account)
 *
 * The names each provider reads are listed in docs/api/payments.md.
 */
export type SecretReader = (name: string) => string | undefined

export function companySuffix(token: string): string {
  return token.toUpperCase().replace(/[^A-Z0-9]/g, '_')
}

export function secretsFor(
  company: Pick<CompanyRow, 'token'>,
  env: NodeJS.ProcessEnv = process.env,
): SecretReader {
  const suffix = companySuffix(company.token)
  return (name) => {
    const own = env[`${name}__${suffix}`]?.trim()
    if (own) return own
    const shared = env[name]?.trim()
    return shared ? shared : undefined
  }
}

/** Provider API base addresses: configurable so tests (and sandboxes) point them elsewhere. */
export function apiBase(read: SecretReader, name: string, fallback: string): string {
  return (read(name) ?? fallback).replace(/\/+$/, '')
}
