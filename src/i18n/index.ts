export type { FlatMessages } from './flatten'
export { flattenCatalog } from './flatten'
export type { MessageParams } from './format'
export { formatCount, interpolate, placeholders, pluralCategory } from './format'
export type { Locale, LocaleInfo } from './locales'
export {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_INFO,
  LOCALES,
  localeCookie,
} from './locales'
export type { AppTranslator, Catalog, MessageKey, Namespace, PluralKey } from './messages'
export { createTranslator, flatMessages, islandMessages, pickMessages, t, tn } from './messages'
export type { AlternateLink, LocaleHints, PathOptions, TrailingSlash } from './paths'
export {
  alternateLinks,
  enabledLocales,
  localeFromParam,
  localeParam,
  localizePath,
  parseAcceptLanguage,
  resolveLocale,
  stripLocale,
  switchLocalePath,
} from './paths'
export type { Translator } from './translator'
export { createTranslatorFrom } from './translator'
