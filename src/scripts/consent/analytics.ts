/**
 * Google's gtag.js for Google Analytics (company.booker.ganalytics, purpose analytics) and the
 * Google Ads conversion tag (gaConversionId/Label, purpose marketing), injected only once the
 * visitor consented to the purpose (docs/product/2-screens.md cookie dialog; decision 008). Vanilla on purpose: a
 * returning visitor who accepted gets them without React.
 */
export const GTAG_ORIGIN = 'https://www.googletagmanager.com'
/** Dispatched on window when the cookie dialog saves a choice. */
export const CONSENT_EVENT = 'consent:change'

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

export function gtagOf(doc: Document): (...args: unknown[]) => void {
  const win = doc.defaultView ?? window
  win.dataLayer ??= []
  const layer = win.dataLayer
  // gtag.js reads Arguments objects from the data layer, not arrays
  return function gtag(..._args: unknown[]) {
    // biome-ignore lint/complexity/noArguments: gtag.js requires the Arguments object itself
    layer.push(arguments)
  }
}

const configured = new WeakMap<Document, Set<string>>()

/**
 * Configures the tag `id` (G-... for Analytics, AW-... for Ads) once per page; gtag.js itself is
 * downloaded once, with the first id configured.
 */
export function loadGtag(id: string, doc: Document = document): void {
  const ids = configured.get(doc) ?? new Set<string>()
  configured.set(doc, ids)
  if (ids.has(id)) return
  ids.add(id)
  const gtag = gtagOf(doc)
  if (!doc.querySelector('script[data-gtag]')) {
    gtag('js', new Date())
    const script = doc.createElement('script')
    script.async = true
    script.dataset.gtag = ''
    script.src = `${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`
    doc.head.append(script)
  }
  gtag('config', id, { anonymize_ip: true })
}
