import type { CompanyRow } from '#server/db/schema/index.ts'
import { fromTrustedProxy } from '#server/http/client-address.ts'
import type { ApiContext } from '#server/http/types.ts'
import { badRequest } from '#server/kernel/index.ts'

/**
 * The origin of the company's site as the visitor's browser used it: the sites server proxies
 * /api and names the visitor's host in x-forwarded-host (believed from a trusted proxy only).
 * The issuer sends the browser back to this origin, so it must be the company's own host or its
 * websiteURL's: a forged Host header never makes the flow redirect anywhere else.
 */
export function siteOrigin(c: ApiContext, company: CompanyRow): string {
  const trusted = fromTrustedProxy(c)
  const host = ((trusted ? c.req.header('x-forwarded-host') : undefined) ?? c.req.header('host'))
    ?.trim()
    .toLowerCase()
  let url: URL | undefined
  try {
    url = host ? new URL(`http://${host}`) : undefined
  } catch {
    url = undefined
  }
  if (!url || url.host !== host || !companyHosts(company).has(url.hostname)) {
    throw badRequest('This is not the site of this company.', 'badRequest')
  }
  const forwarded = trusted ? c.req.header('x-forwarded-proto')?.trim() : undefined
  const local = url.hostname.endsWith('.localhost') || url.hostname === 'localhost'
  const proto = forwarded === 'http' || forwarded === 'https' ? forwarded : local ? 'http' : 'https'
  return `${proto}://${url.host}`
}

function companyHosts(company: CompanyRow): Set<string> {
  const hosts = new Set([company.host.toLowerCase()])
  const identity = company.data.identity as { websiteURL?: unknown } | undefined
  try {
    if (typeof identity?.websiteURL === 'string') hosts.add(new URL(identity.websiteURL).hostname)
  } catch {
    // not an address: only the company's host counts
  }
  return hosts
}
