import type { FlatMessages } from './flatten'
import { formatCount, interpolate, type MessageParams, pluralCategory } from './format'
import { LOCALE_INFO, type Locale } from './locales'

export interface Translator<K extends string = string, P extends string = string> {
  readonly locale: Locale
  /** The message for `key` with `{name}` placeholders filled in. */
  t(key: K, params?: MessageParams): string
  /**
   * Plural form of a `{ one, other }` group chosen by Intl.PluralRules; `{count}` receives the
   * count formatted for the locale unless `params` gives its own.
   */
  tn(key: P, count: number, params?: MessageParams): string
}

/**
 * A translator over already-loaded messages. It holds no catalog itself so an island can build
 * one from the few keys its page passed down, without shipping every language.
 * Lookup order: `messages`, then `fallback` (French), then the key itself so a gap is visible.
 */
export function createTranslatorFrom<K extends string = string, P extends string = string>(
  locale: Locale,
  messages: FlatMessages,
  fallback: FlatMessages = {},
): Translator<K, P> {
  const lookup = (key: string): string | undefined => messages[key] ?? fallback[key]
  const iso = LOCALE_INFO[locale].iso
  return {
    locale,
    t: (key, params) => interpolate(lookup(key) ?? key, params),
    tn: (key, count, params) => {
      // Languages with more CLDR categories than one/other ("many" in French) use "other".
      const template =
        lookup(`${key}.${pluralCategory(iso, count)}`) ?? lookup(`${key}.other`) ?? key
      return interpolate(template, { count: formatCount(iso, count), ...params })
    },
  }
}
