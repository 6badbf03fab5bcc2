/**
 * Puts the focus back at the start of the document, as on a fresh page: the next Tab reaches the
 * skip link (docs/decisions/058-consent-first-visit.md). Blurring alone would leave the
 * browser's sequential navigation starting point where the focus was (a removed dialog, a
 * header link); focusing the body makes the body that point. The body takes the focus only
 * through a temporary tabindex, removed at once so that it never becomes a Tab stop.
 */
export function focusDocumentStart(doc: Document): void {
  const body = doc.body
  const had = body.hasAttribute('tabindex')
  if (!had) body.setAttribute('tabindex', '-1')
  body.focus({ preventScroll: true })
  if (!had) body.removeAttribute('tabindex')
}
