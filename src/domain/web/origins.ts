/**
 * Web origins as the API's CORS rule and the theme preview read them (docs/decisions/020-api-headers.md,
 * decision 008). Pure: no environment, no DOM.
 */

/**
 * A comma-separated list of origins (PUBLIC_BACKOFFICE_ORIGINS) as exact http(s) origins.
 * Anything that is not an http(s) URL ('null', 'javascript:…', a bare word) is left out; a URL
 * with a path counts for its origin only.
 */
export function parseOrigins(list: string | undefined): string[] {
  const origins = new Set<string>()
  for (const part of (list ?? '').split(',')) {
    try {
      const url = new URL(part.trim())
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin)
    } catch {
      // not an origin: ignored
    }
  }
  return [...origins]
}

const LOOPBACK_NAME = /(^|\.)localhost$/

/**
 * The host name of a site origin (an `Origin` header) when it can be a tenant's site: exactly
 * an origin (scheme, host, optional port; no path, user or query), https, or http for
 * `localhost` names only (RFC 6761 loopback: the development sites). Undefined otherwise, 'null'
 * included.
 */
export function siteOriginHost(origin: string): string | undefined {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return undefined
  }
  if (url.origin !== origin.toLowerCase()) return undefined
  const host = url.hostname
  if (url.protocol === 'https:') return host
  if (url.protocol === 'http:' && LOOPBACK_NAME.test(host)) return host
  return undefined
}
