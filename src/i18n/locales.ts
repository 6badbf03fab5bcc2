import { COOKIE_LIFETIME_S } from '#contract/constants'

/**
 * The five languages of the product (docs/product/1-overview.md, docs/product/9-constants.md). The order is the one the language picker shows
 * (docs/product/1-overview.md lists the names in this order); French comes first because it is the default and the
 * only locale without a URL prefix.
 */
export const LOCALES = ['fr', 'en', 'es', 'it', 'de'] as const

export type Locale = (typeof LOCALES)[number]

export const DEFAULT_LOCALE = 'fr' satisfies Locale

/** Same shape as the Language entity of docs/product/3-entities.md (code, name, emoji, iso). */
export interface LocaleInfo {
  readonly code: Locale
  /** The language's own name, so a reader finds it whatever the page's language. */
  readonly name: string
  readonly emoji: string
  /** Region-qualified tag for hreflang, `<html lang>` and Intl formatters. */
  readonly iso: string
}

export const LOCALE_INFO: Readonly<Record<Locale, LocaleInfo>> = {
  fr: { code: 'fr', name: 'Français', emoji: '🇫🇷', iso: 'fr-FR' },
  en: { code: 'en', name: 'English', emoji: '🇬🇧', iso: 'en-GB' },
  es: { code: 'es', name: 'Español', emoji: '🇪🇸', iso: 'es-ES' },
  it: { code: 'it', name: 'Italiano', emoji: '🇮🇹', iso: 'it-IT' },
  de: { code: 'de', name: 'Deutsch', emoji: '🇩🇪', iso: 'de-DE' },
}

const LOCALE_SET: ReadonlySet<string> = new Set(LOCALES)

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && LOCALE_SET.has(value)
}

/**
 * The cookie remembering the visitor's language (docs/product/4-states.md "Language change stores the choice in a
 * cookie"). The name is the one the previous storefront used, so returning visitors keep their
 * choice after the migration.
 */
export const LOCALE_COOKIE = 'i18n_redirected'

/** A Set-Cookie / document.cookie value storing the locale for the whole site. */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${COOKIE_LIFETIME_S.locale}; SameSite=Lax`
}
