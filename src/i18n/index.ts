export type { Locale } from './locales'
export {
  DEFAULT_LOCALE,
  LOCALE_INFO,
  LOCALES,
} from './locales'
export type { AppTranslator, MessageKey, Namespace } from './messages'
export { createTranslator, islandMessages, pickMessages, t, tn } from './messages'

export {
  enabledLocales,
  localeParam,
  localizePath,
  stripLocale,
} from './paths'
