import { isLocale, localeCookie } from '#i18n/locales'
import { storedLocaleHome } from './stored-locale'

/**
 * Language links (header picker, footer switcher) are plain links to the localized route; this
 * stores the choice in the locale cookie first (docs/product/4-states.md, 365 days). Vanilla and delegated: no
 * framework for one cookie.
 */
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.('a[hreflang][data-keep-query]')
  const locale = link?.getAttribute('hreflang')
  if (!locale || !isLocale(locale)) return
  // biome-ignore lint/suspicious/noDocumentCookie: the write must be synchronous, the browser follows the link next; the Cookie Store API is async and missing in some browsers
  document.cookie = localeCookie(locale)
})

const target = storedLocaleHome(
  document.cookie,
  location.pathname,
  document.documentElement.lang.slice(0, 2),
  (locale) =>
    document.querySelector<HTMLAnchorElement>(`a[hreflang="${locale}"][data-keep-query]`)?.href,
)
if (target) location.replace(target)
