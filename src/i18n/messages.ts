import { type FlatMessages, flattenCatalog } from './flatten'
import type { MessageParams } from './format'
import { DEFAULT_LOCALE, type Locale } from './locales'
import de from './messages/de.json'
import en from './messages/en.json'
import es from './messages/es.json'
import fr from './messages/fr.json'
import it from './messages/it.json'
import { createTranslatorFrom, type Translator } from './translator'

/** French is the reference: its shape defines every key the code may ask for. */
export type Catalog = typeof fr

/** Dotted paths to the string leaves of a nested catalog. */
export type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>
}[keyof T & string]

export type MessageKey = Leaves<Catalog>

export type PluralBase<K> = K extends `${infer Base}.other` ? Base : never

/** Keys of `{ one, other }` groups, for `tn`. */
export type PluralKey = PluralBase<MessageKey>

/** Top-level sections of the catalog (nav, cart, booking…), the unit an island asks for. */
export type Namespace = keyof Catalog

export type AppTranslator = Translator<MessageKey, PluralKey>

// `satisfies` makes a key missing from any translation a type error, on top of the catalog test.
const CATALOGS = { fr, en, es, it, de } satisfies Record<Locale, Catalog>

const flatCache = new Map<Locale, FlatMessages>()

/** Every message of a locale under its dotted key (built once per locale). */
export function flatMessages(locale: Locale): FlatMessages {
  let flat = flatCache.get(locale)
  if (flat === undefined) {
    flat = flattenCatalog(CATALOGS[locale])
    flatCache.set(locale, flat)
  }
  return flat
}

export function createTranslator(locale: Locale): AppTranslator {
  const fallback = locale === DEFAULT_LOCALE ? {} : flatMessages(DEFAULT_LOCALE)
  return createTranslatorFrom<MessageKey, PluralKey>(locale, flatMessages(locale), fallback)
}

/** One-off lookup; a key missing in `locale` falls back to French. */
export function t(locale: Locale, key: MessageKey, params?: MessageParams): string {
  return createTranslator(locale).t(key, params)
}

export function tn(locale: Locale, key: PluralKey, count: number, params?: MessageParams): string {
  return createTranslator(locale).tn(key, count, params)
}

const pickedCache = new Map<string, FlatMessages>()

/**
 * The messages of some sections, French filling any gap, as a plain object an Astro page can pass
 * to an island (`createTranslatorFrom(locale, messages)`), so islands never bundle catalogs.
 */
export function pickMessages(locale: Locale, namespaces: readonly Namespace[]): FlatMessages {
  // every page passes the same sections to its islands: scanning the catalog each time was
  // 0.4 ms a page of the build (the budget of docs/benchmarks.md is 2 ms), so each pick is made
  // once
  const key = `${locale}|${namespaces.join(',')}`
  const cached = pickedCache.get(key)
  if (cached !== undefined) return cached
  const own = flatMessages(locale)
  const base = flatMessages(DEFAULT_LOCALE)
  const prefixes = namespaces.map((namespace) => `${namespace}.`)
  const picked: Record<string, string> = {}
  for (const [name, value] of Object.entries(base)) {
    if (prefixes.some((prefix) => name.startsWith(prefix))) picked[name] = own[name] ?? value
  }
  const frozen = Object.freeze(picked)
  pickedCache.set(key, frozen)
  return frozen
}

const serializedCache = new Map<string, string>()

/**
 * pickMessages as JSON text, the form islands receive their messages in: Astro serialises an
 * island's props on every page it renders, walking an object key by key, while a string is
 * copied as it is (the build budget of docs/benchmarks.md). Made once per locale and sections.
 */
export function islandMessages(locale: Locale, namespaces: readonly Namespace[]): string {
  const key = `${locale}|${namespaces.join(',')}`
  let text = serializedCache.get(key)
  if (text === undefined) {
    text = JSON.stringify(pickMessages(locale, namespaces))
    serializedCache.set(key, text)
  }
  return text
}
