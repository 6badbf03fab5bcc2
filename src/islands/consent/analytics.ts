import { parseCookies } from '../../stores/cookie-jar'
import { CONSENT_COOKIE } from '../../stores/keys'

/**
 * Google Analytics (company.booker.ganalytics), injected only once the visitor consented to the
 * analytics purpose (spec §2 cookie dialog; ARCHITECTURE "third-party scripts load only after
 * consent"). Vanilla on purpose: a returning visitor who accepted gets analytics without React.
 */
export const GTAG_ORIGIN = 'https://www.googletagmanager.com'
/** Dispatched on window when the cookie dialog saves a choice. */
export const CONSENT_EVENT = 'consent:change'

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

export function analyticsAllowed(cookieHeader: string): boolean {
  return (parseCookies(cookieHeader).get(CONSENT_COOKIE) ?? '').split('.').includes('analytics')
}

export function loadGtag(id: string, doc: Document = document): void {
  if (doc.querySelector('script[data-gtag]')) return
  const win = doc.defaultView ?? window
  win.dataLayer ??= []
  const layer = win.dataLayer
  // gtag.js reads Arguments objects from the data layer, not arrays
  function gtag(..._args: unknown[]) {
    // biome-ignore lint/complexity/noArguments: gtag.js requires the Arguments object itself
    layer.push(arguments)
  }
  gtag('js', new Date())
  gtag('config', id, { anonymize_ip: true })
  const script = doc.createElement('script')
  script.async = true
  script.dataset.gtag = ''
  script.src = `${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`
  doc.head.append(script)
}
