import type { Company } from '#contract/index'
import { safeCustomCss } from './custom-css'
import { fontStylesheets } from './fonts'
import { type AssetUrl, themeClasses, themeVariables } from './theme-css'

export interface Favicon {
  href: string
  type: string | undefined
  /**
   * favicon.title (docs/product/3-entities.md favicon): the name that goes with the icon, given
   * to a shortcut or pinned tab of the site (application-name), where the icon alone is shown
   * (docs/decisions/064-error-page-preview-and-shop-times.md)
   */
  title: string | undefined
}

export interface Logo {
  src: string | undefined
  /** over a hero image (docs/product/2-screens.md); the normal logo when the company has no white one */
  white: string | undefined
  size: number
  alt: string
}

/** Everything a page head and body need from the company theme, computed once per tenant. */
export interface SiteTheme {
  variables: string
  bodyClass: string
  fontStylesheets: string[]
  customCss: string
  favicon: Favicon
  logo: Logo
}

const ICON_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  gif: 'image/gif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
}

/** The shared icon of public/ (served for every host) when the company sets none. */
const FALLBACK_FAVICON = { href: '/favicon.svg', type: 'image/svg+xml' }

export function faviconOf(company: Company, asset: AssetUrl): Favicon {
  const { image, title } = company.booker.favicon ?? {}
  const named = { title: title?.trim() || undefined }
  if (!image) return { ...FALLBACK_FAVICON, ...named }
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(image)?.[1]?.toLowerCase() ?? ''
  return { href: asset(image), type: ICON_TYPES[extension], ...named }
}

export function siteTheme(company: Company, asset: AssetUrl = (u) => u): SiteTheme {
  const { identity } = company
  const logo = identity.logo === undefined ? undefined : asset(identity.logo)
  return {
    variables: themeVariables(company, asset),
    bodyClass: themeClasses(company),
    fontStylesheets: fontStylesheets(company.themes),
    customCss: safeCustomCss(company.themes.customCss),
    favicon: faviconOf(company, asset),
    logo: {
      src: logo,
      white: identity.logoWhite === undefined ? logo : asset(identity.logoWhite),
      size: identity.logoSize,
      alt: identity.displayName,
    },
  }
}
