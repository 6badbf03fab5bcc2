import { type FlatMessages, flattenCatalog } from './flatten'
import type { MessageParams } from './format'
import { DEFAULT_LOCALE, type Locale } from './locales'
import {
  type Leaves,
  type MessageKey,
  type Namespace,
  type PluralBase,
  type PluralKey,
  pickMessages,
} from './messages'
import de from './studio/de.json'
import en from './studio/en.json'
import es from './studio/es.json'
import fr from './studio/fr.json'
import it from './studio/it.json'
import { createTranslatorFrom, type Translator } from './translator'

/**
 * The studio's own catalogs, apart from the storefront's (docs/decisions/071-studio-app.md):
 * the storefront's islands fetch their locale's whole catalog, and no visitor should download
 * the words of the salon's screens. French is the reference here too.
 */
type StudioCatalog = typeof fr

export type StudioKey = Leaves<StudioCatalog>

export type StudioPluralKey = PluralKey | PluralBase<StudioKey>

/** What a studio screen may ask for: its own words and the storefront's it shares. */
export type StudioTranslator = Translator<MessageKey | StudioKey, StudioPluralKey>

const CATALOGS = { fr, en, es, it, de } satisfies Record<Locale, StudioCatalog>

/**
 * The studio page's messages: every studio word of the locale, with the storefront sections it
 * shares (order statuses, bill lines), French filling any gap.
 */
export function studioMessages(locale: Locale, shared: readonly Namespace[]): FlatMessages {
  const base = flattenCatalog(CATALOGS[DEFAULT_LOCALE])
  const own = flattenCatalog(CATALOGS[locale])
  return { ...pickMessages(locale, shared), ...base, ...own }
}

/** One-off lookup for the studio page's static text. */
export function tStudio(locale: Locale, key: StudioKey, params?: MessageParams): string {
  const messages = studioMessages(locale, [])
  return createTranslatorFrom<StudioKey>(locale, messages).t(key, params)
}
