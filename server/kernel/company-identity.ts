import type { CompanyRow } from '#server/db/schema/index.ts'

/**
 * How every message names the company and links to its site. Mails, SMS, calendar files and
 * payment pages all read it, from accounts up to visits and down to the notifier's renderer,
 * so it sits in the kernel (docs/decisions/069-server-modules.md).
 */

/** The business's display name (identity.displayName), else the company's nickname. */
export function businessName(company: CompanyRow): string {
  const identity = company.data.identity as { displayName?: unknown } | undefined
  const name = identity?.displayName
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : company.nickname
}

/**
 * Where the site of the company lives: its websiteURL when it is an http(s) address, else its
 * host (plain http for *.localhost, served by scripts/serve on :4321 in development).
 */
export function siteBase(company: CompanyRow): string {
  const identity = company.data.identity as { websiteURL?: unknown } | undefined
  const url = identity?.websiteURL
  if (typeof url === 'string' && /^https?:\/\/[^\s/]+/.test(url)) return url.replace(/\/+$/, '')
  return company.host.endsWith('.localhost')
    ? `http://${company.host}:4321`
    : `https://${company.host}`
}
