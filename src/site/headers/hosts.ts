import type { PaymentProvider } from '#domain/company/payment-enabled'
import { GOOGLE_MAPS_HOSTS } from './maps-hosts'
import { MONETICO_HOSTS, PAYZEN_HOSTS, SAFERPAY_HOSTS } from './payment-form-hosts'

/**
 * The hosts each third party may reach, by CSP directive (decision 019). A site's policy adds a
 * party's hosts only when the company configured it (decision 008 lists the parties and their
 * consent purposes; the consent still decides WHEN they load, the policy only WHERE they may
 * go). Host lists follow each vendor's published CSP guidance, narrowed to what our loaders use.
 */
export type Directive =
  | 'script-src'
  | 'style-src'
  | 'img-src'
  | 'font-src'
  | 'connect-src'
  | 'frame-src'
  | 'form-action'

export type HostSet = Partial<Record<Directive, readonly string[]>>

/** where gtag.js sends the Ads conversion of a paid order (decision 032) */
const ADS_PINGS = 'https://www.googleadservices.com'

/** Optional third parties of the company settings (SiteIslands.astro, loaders.ts). */
export const THIRD_PARTY_HOSTS = {
  /** gtag.js (analytics.ts GTAG_ORIGIN) and where it sends hits */
  googleAnalytics: {
    'script-src': ['https://www.googletagmanager.com'],
    'connect-src': [
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    ],
    'img-src': ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  },
  /** the Ads conversion through the same gtag.js */
  googleAds: {
    'script-src': ['https://www.googletagmanager.com', 'https://www.googleadservices.com'],
    'connect-src': ['https://www.google.com', 'https://googleads.g.doubleclick.net', ADS_PINGS],
    'img-src': ['https://www.google.com', 'https://googleads.g.doubleclick.net', ADS_PINGS],
    'frame-src': ['https://td.doubleclick.net'],
  },
  /** loaders.ts KLAVIYO_ORIGIN and its onsite forms */
  klaviyo: {
    'script-src': ['https://static.klaviyo.com', 'https://static-tracking.klaviyo.com'],
    'style-src': ['https://static.klaviyo.com', 'https://static-tracking.klaviyo.com'],
    'connect-src': ['https://a.klaviyo.com', 'https://static-forms.klaviyo.com'],
    'img-src': ['https://static.klaviyo.com'],
    'font-src': ['https://static.klaviyo.com'],
  },
  /** loaders.ts OPTINMONSTER_ORIGIN */
  optinMonster: {
    'script-src': ['https://a.omappapi.com'],
    'connect-src': ['https://api.omappapi.com', 'https://a.omappapi.com'],
    'img-src': ['https://a.omappapi.com'],
  },
  /** loaders.ts AVIS_VERIFIES_ORIGIN */
  avisVerifies: {
    'script-src': ['https://cl.avis-verifies.com'],
    'style-src': ['https://cl.avis-verifies.com'],
    'connect-src': ['https://cl.avis-verifies.com'],
    'img-src': ['https://cl.avis-verifies.com'],
  },
  /**
   * session recording (decision 064), loaders.ts loadSessionRecording: Hotjar's script and what
   * it reaches, as its CSP guidance lists them (its data goes over a WebSocket)
   */
  hotjar: {
    'script-src': ['https://static.hotjar.com', 'https://script.hotjar.com'],
    'connect-src': ['https://*.hotjar.com', 'https://*.hotjar.io', 'wss://*.hotjar.com'],
    'img-src': ['https://*.hotjar.com'],
    'font-src': ['https://script.hotjar.com'],
    'style-src': ['https://static.hotjar.com'],
  },
  /** session recording (decision 064): Microsoft Clarity's tag and collector */
  clarity: {
    'script-src': ['https://www.clarity.ms', 'https://*.clarity.ms'],
    'connect-src': ['https://*.clarity.ms', 'https://c.bing.com'],
    'img-src': ['https://*.clarity.ms', 'https://c.bing.com'],
  },
  /** the maps provider: on the map and search pages only (site-rules.ts MAPS_PAGES) */
  googleMaps: GOOGLE_MAPS_HOSTS,
} as const satisfies Record<string, HostSet>

export type ThirdPartyName = keyof typeof THIRD_PARTY_HOSTS

/**
 * Payment providers, on the pages that pay only (src/islands/payment: the SDK script tags, their
 * card iframes, the API calls the SDK makes itself; Monetico posts a form to its payment page).
 * PayZen, Saferpay and Monetico in payment-form-hosts.ts; the free provider loads nothing.
 * ONE entry per provider, its hosts as the provider's CSP guidance lists them (decision 024):
 * adding or changing a provider touches its entry only.
 */
export const PAYMENT_HOSTS: Readonly<Record<PaymentProvider, HostSet>> = {
  /** Stripe.js (docs.stripe.com/security/guide, CSP): loadStripe's script, the Payment Element */
  stripe: {
    'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
    'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    'connect-src': ['https://api.stripe.com'],
  },
  /**
   * PayPal JS SDK v5 (developer.paypal.com/sdk/js/best-practices, CSP), without Venmo (EUR only)
   * and without the 'unsafe-inline' PayPal suggests for scripts (decision 019 keeps hashes)
   */
  paypal: {
    'script-src': ['https://*.paypal.com', 'https://*.paypalobjects.com'],
    'frame-src': ['https://*.paypal.com', 'https://*.paypalobjects.com'],
    'connect-src': ['https://*.paypal.com', 'https://*.paypalobjects.com'],
    'img-src': ['https://*.paypal.com', 'https://*.paypalobjects.com'],
  },
  payzen: PAYZEN_HOSTS,
  monetico: MONETICO_HOSTS,
  saferpay: SAFERPAY_HOSTS,
  free: {},
}

/** Google's stylesheet host serves its font files from another one. */
const FONT_FILE_HOSTS: Readonly<Record<string, string>> = {
  'https://fonts.googleapis.com': 'https://fonts.gstatic.com',
}

/** The theme's web-font stylesheets (fonts.ts, https only): their origins and font files. */
export function fontHosts(stylesheets: readonly string[]): HostSet {
  const styles = [...new Set(stylesheets.map((href) => new URL(href).origin))]
  return { 'style-src': styles, 'font-src': styles.map((o) => FONT_FILE_HOSTS[o] ?? o) }
}
