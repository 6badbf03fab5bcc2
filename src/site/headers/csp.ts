import type { PaymentProvider } from '#domain/company/payment-enabled'
import {
  type Directive,
  fontHosts,
  type HostSet,
  PAYMENT_HOSTS,
  THIRD_PARTY_HOSTS,
  type ThirdPartyName,
} from './hosts'

/**
 * What a site's policy depends on (decision 019). Everything here is known at build time: the
 * company settings of the snapshot, the build's environment and the built HTML.
 */
export interface PolicyInput {
  /** 'sha256-…' of every inline script of the site's pages (Astro's island runtime, redirects) */
  readonly scriptHashes?: readonly string[]
  /** the third parties the company configured */
  readonly thirdParties?: readonly ThirdPartyName[]
  /** the theme's https web-font stylesheets */
  readonly fontStylesheets?: readonly string[]
  /** other origins the islands call or load images from (PUBLIC_API_URL, PUBLIC_STORAGE_URL...) */
  readonly apiOrigins?: readonly string[]
  readonly imageOrigins?: readonly string[]
  /** the provider whose SDK this page loads: set on the pages that pay only */
  readonly payment?: PaymentProvider
  /** PUBLIC_BACKOFFICE_ORIGINS: may frame the site for the theme preview (decision 008) */
  readonly frameAncestors?: readonly string[]
  /** the site's public origin is https: upgrade-insecure-requests */
  readonly https?: boolean
  /** the page frames its own site (the studio's theme preview, decision 084) */
  readonly framesOwnSite?: boolean
}

const BASE: Readonly<Record<Directive, readonly string[]>> = {
  'script-src': ["'self'"],
  // 'unsafe-inline' for styles: see decision 019 (theme variables, tenant CSS, React style
  // attributes and the preview's live CSS); styles cannot run script.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'none'"],
  'form-action': ["'self'"],
}

const ORDER: readonly Directive[] = [
  'script-src',
  'style-src',
  'img-src',
  'font-src',
  'connect-src',
  'frame-src',
  'form-action',
]

function merge(into: Map<Directive, Set<string>>, hosts: HostSet): void {
  for (const [directive, list] of Object.entries(hosts) as [Directive, readonly string[]][]) {
    const set = into.get(directive) ?? new Set<string>()
    for (const host of list) set.add(host)
    into.set(directive, set)
  }
}

const origins = (list: readonly string[] | undefined): string[] =>
  (list ?? []).flatMap((value) => {
    try {
      const url = new URL(value)
      return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : []
    } catch {
      return []
    }
  })

/** The Content-Security-Policy of one page: 'self' plus exactly the hosts the input names. */
export function contentSecurityPolicy(input: PolicyInput = {}): string {
  const sets = new Map<Directive, Set<string>>()
  merge(sets, BASE)
  merge(sets, { 'script-src': (input.scriptHashes ?? []).map((hash) => `'${hash}'`) })
  for (const party of input.thirdParties ?? []) merge(sets, THIRD_PARTY_HOSTS[party])
  merge(sets, fontHosts(input.fontStylesheets ?? []))
  merge(sets, { 'connect-src': origins(input.apiOrigins), 'img-src': origins(input.imageOrigins) })
  if (input.payment) merge(sets, PAYMENT_HOSTS[input.payment])
  if (input.framesOwnSite) merge(sets, { 'frame-src': ["'self'"] })
  const frames = sets.get('frame-src')
  if (frames && frames.size > 1) frames.delete("'none'")
  const ancestors = ["'self'", ...origins(input.frameAncestors)]
  const directives = [
    "default-src 'self'",
    ...ORDER.map((d) => `${d} ${[...(sets.get(d) ?? [])].join(' ')}`),
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors ${[...new Set(ancestors)].join(' ')}`,
  ]
  if (input.https) directives.push('upgrade-insecure-requests')
  return directives.join('; ')
}

/** Powerful features no page uses are off; geolocation serves the marketplace shop search. */
export function permissionsPolicy(payment?: PaymentProvider): string {
  const pay = payment === 'stripe' ? 'payment=(self "https://js.stripe.com")' : 'payment=()'
  return [
    'accelerometer=()',
    'camera=()',
    'geolocation=(self)',
    'gyroscope=()',
    'magnetometer=()',
    'microphone=()',
    pay,
    'usb=()',
  ].join(', ')
}

export const HSTS = 'max-age=31536000; includeSubDomains'

export interface PageHeadersInput extends PolicyInput {
  /** the page's address holds a secret (the password-reset token): no Referer at all */
  readonly secretInPath?: boolean
}

/** Every security header of one page (decision 019). */
export function pageHeaders(input: PageHeadersInput = {}): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(input),
    'Referrer-Policy': input.secretInPath ? 'no-referrer' : 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'Permissions-Policy': permissionsPolicy(input.payment),
  }
  if (input.https) headers['Strict-Transport-Security'] = HSTS
  return headers
}
