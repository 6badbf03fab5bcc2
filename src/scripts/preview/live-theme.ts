import { resolveConfig } from '#api/config'
import { loadCompany } from '#api/startup'
import { company as companySchema } from '#contract/company'
import { AUTH_KEY } from '#stores/session'
import { type SiteTheme, siteTheme } from '#theme/site-theme'
import { previewToken } from './preview-token'

/**
 * The kept, unpublished theme applied at run time (docs/product/7-calls.md start-up: the preview
 * token from the URL, then the company with it; docs/decisions/064-error-page-preview-and-shop-times.md).
 * With `?previewtheme=<token>` and a provider session of this browser, the page asks
 * GET /api/companies/me with the `previewtheme` header and the provider's bearer, and puts that
 * company's theme in place of the one it was built with: variables, body classes, custom CSS and
 * web fonts. No rebuild, nothing stored. The API answers the kept theme to a provider of the
 * company only; anyone else gets the published company, which changes nothing here.
 * `data-preview-company` on <html> says how it went (applied, signed-out, failed).
 */

type Outcome = 'applied' | 'signed-out' | 'failed'

function providerToken(): string | null {
  const stored = localStorage.getItem(AUTH_KEY.provider)
  if (stored) return stored
  const cookie = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${AUTH_KEY.provider}=`))
  return cookie ? decodeURIComponent(cookie.slice(AUTH_KEY.provider.length + 1)) : null
}

/** The page's <style data-theme=...> written by BaseLayout, created when the page has none. */
function themeStyle(marker: 'variables' | 'custom-css'): HTMLStyleElement {
  let style = document.head.querySelector<HTMLStyleElement>(`style[data-theme="${marker}"]`)
  if (!style) {
    style = document.createElement('style')
    style.dataset.theme = marker
    document.head.append(style)
  }
  return style
}

function apply(theme: SiteTheme): void {
  // textContent: the CSS is never parsed as HTML (custom CSS is made safe by safeCustomCss too)
  themeStyle('variables').textContent = theme.variables
  themeStyle('custom-css').textContent = theme.customCss
  const body = document.body
  for (const name of (body.dataset.themeClass ?? '').split(/\s+/)) {
    if (name) body.classList.remove(name)
  }
  for (const name of theme.bodyClass.split(/\s+/)) if (name) body.classList.add(name)
  body.dataset.themeClass = theme.bodyClass
  for (const href of theme.fontStylesheets) {
    if (document.head.querySelector(`link[data-preview="font"][href="${CSS.escape(href)}"]`))
      continue
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    link.dataset.preview = 'font'
    document.head.append(link)
  }
}

async function previewCompany(token: string): Promise<Outcome> {
  const provider = providerToken()
  const companyToken = document.documentElement.dataset.companyToken
  if (!provider || !companyToken) return 'signed-out'
  const context = {
    config: resolveConfig(import.meta.env),
    side: 'browser' as const,
    companyToken,
    curlang: document.documentElement.lang.slice(0, 2),
    providerToken: provider,
  }
  try {
    apply(siteTheme(companySchema.parse(await loadCompany(context, companyToken, token))))
    return 'applied'
  } catch {
    return 'failed'
  }
}

/** Runs once per page in preview; without a token in the address it does nothing. */
export async function applyKeptTheme(): Promise<void> {
  const token = previewToken(location.search)
  if (!token) return
  document.documentElement.dataset.previewCompany = await previewCompany(token)
}
