import { isLocale, localeCookie } from '../../i18n/locales'

/**
 * Language links (header picker, footer switcher) are plain links to the localized route; this
 * stores the choice in the locale cookie first (spec §4, 365 days) so the next visit starts in
 * it. Vanilla and delegated: no framework for one cookie.
 */
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.('a[hreflang][data-keep-query]')
  const locale = link?.getAttribute('hreflang')
  if (!locale || !isLocale(locale)) return
  // biome-ignore lint/suspicious/noDocumentCookie: the write must be synchronous, the browser follows the link next; the Cookie Store API is async and missing in some browsers
  document.cookie = localeCookie(locale)
})
