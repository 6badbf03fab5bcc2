import { isLocale, LOCALE_COOKIE } from '#i18n/locales'

/**
 * The next visit starts in the stored language (docs/product/4-states.md): the unprefixed home (French, the
 * default) goes to the stored locale's home when the site offers it. Only there: every other
 * address names its language, and a link the visitor followed is their choice.
 */
export function storedLocaleHome(
  cookie: string,
  pathname: string,
  pageLocale: string,
  linkFor: (locale: string) => string | undefined,
): string | undefined {
  if (pathname !== '/') return undefined
  const stored = cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LOCALE_COOKIE)?.[1]
  if (!stored || !isLocale(stored) || stored === pageLocale) return undefined
  return linkFor(stored)
}
