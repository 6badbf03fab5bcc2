import { readFileSync, statSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import { HSTS, pageHeaders } from '#site/headers/csp'
import { HEADERS_FILE, type HeaderRule, headersFor, parseHeaders } from '#site/headers/headers-file'

/**
 * The security headers of a site response (decision 019): the rules of the site's `_headers`
 * (written by scripts/build-sites/site-headers.ts) for the request path; the strictest default
 * policy (no third party, no inline script) where a site has none (the maintenance page, an
 * unknown host, a site built before the file existed).
 */
const cache = new Map<string, { mtimeMs: number; rules: HeaderRule[] }>()

export function siteRules(siteDir: string): HeaderRule[] | undefined {
  const file = `${siteDir}/${HEADERS_FILE}`
  const stat = statSync(file, { throwIfNoEntry: false })
  if (!stat?.isFile()) return undefined
  const hit = cache.get(file)
  if (hit && hit.mtimeMs === stat.mtimeMs) return hit.rules
  const rules = parseHeaders(readFileSync(file, 'utf8'))
  cache.set(file, { mtimeMs: stat.mtimeMs, rules })
  return rules
}

/** HSTS only means something over TLS: browsers ignore it on plain http. */
const overTls = (request: IncomingMessage) =>
  (request.socket as Partial<TLSSocket>).encrypted === true

/** The path the rules are matched against: decoded segments, '/'-joined, trailing slash kept. */
export function rulePath(segments: readonly string[], pathname: string): string {
  const body = `/${segments.join('/')}`
  return segments.length > 0 && pathname.endsWith('/') ? `${body}/` : body
}

export function securityHeaders(
  request: IncomingMessage,
  rules: readonly HeaderRule[] | undefined,
  pathname: string,
  fallback: () => Record<string, string> = pageHeaders,
): Record<string, string> {
  const headers: Record<string, string> = {}
  const found = rules ? headersFor(rules, pathname) : fallback()
  for (const [name, value] of Object.entries(found)) headers[name.toLowerCase()] = value
  if (overTls(request)) headers['strict-transport-security'] = HSTS
  return headers
}
