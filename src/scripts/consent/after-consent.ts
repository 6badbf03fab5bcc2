import { CONSENT_EVENT } from './analytics'

/**
 * The cookie dialog is first in line (docs/decisions/058-consent-first-visit.md): while the page
 * shows it (the build renders it, its inline gate removes it once a preference is saved), no
 * other dialog opens, and the code of those that would (the notices, the coupon pop-up) is not
 * downloaded. banner.ts removes the banner, then dispatches CONSENT_EVENT.
 */
export function consentPending(doc: Document = document): boolean {
  return doc.querySelector('[data-consent-banner]') !== null
}

/** Runs `then` now when the cookie dialog is not shown, else once it is answered. */
export function afterConsent(then: () => void, doc: Document = document): void {
  const win = doc.defaultView
  if (!consentPending(doc) || !win) {
    then()
    return
  }
  win.addEventListener(CONSENT_EVENT, () => then(), { once: true })
}
