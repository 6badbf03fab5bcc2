import {
  type ConsentChoices,
  createConsentStore,
  draftOnToggle,
  OPTIONAL_PURPOSES,
} from '#stores/consent'
import { documentCookieJar } from '#stores/cookie-jar'
import { focusDocumentStart } from '../dialogs/focus-start'
import { CONSENT_EVENT } from './analytics'

/**
 * The cookie banner's behaviour (docs/product/2-screens.md "Cookie dialog", docs/product/4-states.md; decision 027):
 * the build renders it as HTML (ConsentBanner.astro) and its inline gate removes it once a
 * preference is saved, so this vanilla script, which the header script loads only when the banner
 * is there, wires it: accept, deny, manage (the list's switches, then save), with no framework.
 */
export function startConsentBanner(banner: HTMLElement, early: EventTarget | null = null): void {
  const doc = banner.ownerDocument
  const store = createConsentStore(documentCookieJar())
  const list = banner.querySelector<HTMLElement>('[data-consent-list]')
  const save = banner.querySelector<HTMLElement>('[data-consent-save]')
  const manage = banner.querySelector<HTMLElement>('[data-consent="manage"]')
  const switchOf = (purpose: string) =>
    banner.querySelector<HTMLInputElement>(`input[data-purpose="${purpose}"]`)
  const root = doc.documentElement.style
  // room at the end of the page as tall as the fixed banner (see .site in site.css)
  const observer = new ResizeObserver(() =>
    root.setProperty('--consent-space', `${banner.offsetHeight + 16}px`),
  )
  observer.observe(banner)
  let managing = false

  // what the switches show now: on until the list is opened (the built HTML checks them)
  const draft = (): ConsentChoices => {
    const choices = draftOnToggle(false)
    for (const purpose of OPTIONAL_PURPOSES) choices[purpose] = switchOf(purpose)?.checked ?? false
    return choices
  }
  const done = (choices: ConsentChoices | 'none') => {
    if (choices === 'none') store.deny()
    else store.save(choices)
    observer.disconnect()
    root.removeProperty('--consent-space')
    banner.remove()
    // the banner held the focus: back to the document start, as on a fresh page (the next Tab
    // is the skip link), before the dialogs that waited for the answer open and remember it
    // (docs/decisions/058-consent-first-visit.md)
    focusDocumentStart(doc)
    doc.defaultView?.dispatchEvent(new CustomEvent(CONSENT_EVENT))
  }
  const toggle = () => {
    managing = !managing
    const choices = draftOnToggle(managing)
    for (const purpose of OPTIONAL_PURPOSES) {
      const input = switchOf(purpose)
      if (!input) continue
      input.checked = choices[purpose]
    }
    if (list) list.hidden = !managing
    if (save) save.hidden = !managing
    manage?.setAttribute('aria-expanded', String(managing))
  }

  banner.addEventListener('click', (event) => {
    const action = (event.target as Element | null)?.closest?.('[data-consent]')
    const name = action?.getAttribute('data-consent')
    // accept saves the choices shown: every optional purpose while the list is closed, the
    // switches as set while it is open (docs/product/4-states.md "Cookie consent")
    if (name === 'accept' || name === 'save') done(draft())
    else if (name === 'deny') done('none')
    else if (name === 'manage') toggle()
  })
  // the visitor's click that came before this script (the header script held it)
  if (early instanceof Element) early.closest<HTMLElement>('[data-consent]')?.click()
}
