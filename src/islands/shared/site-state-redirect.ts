import { ApiError } from '#api/errors'
import { type FailureKind, siteStateAfterFailure } from '#domain/web/site-state-failure'
import { DEFAULT_LOCALE, localizePath } from '#i18n/index'
import { isLocale } from '#i18n/locales'

/**
 * Sends the visitor to the page of the site state a failed call puts the site in
 * (docs/product/4-states.md): maintenance is the company's /disabled page, a token naming no
 * company the company error page (/company-error), overload is
 * /waiting?from=<this page>, both in the language of the page they were on. Answers whether it
 * did, so the caller shows nothing of its own.
 */
export function leaveForSiteState(error: unknown, kind: FailureKind): boolean {
  if (!(error instanceof ApiError)) return false
  const state = siteStateAfterFailure(kind, error)
  if (!state) return false
  // the page's own language (a single-language tenant serves it at `/` too)
  const lang = document.documentElement.lang.slice(0, 2)
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE
  if (state === 'maintenance') {
    location.assign(localizePath('/disabled', locale))
    return true
  }
  if (state === 'unregistered') {
    // decision 064: the company error page, no link back
    location.assign(localizePath('/company-error', locale))
    return true
  }
  const from = `${location.pathname}${location.search}${location.hash}`
  location.assign(`${localizePath('/waiting', locale)}?from=${encodeURIComponent(from)}`)
  return true
}
