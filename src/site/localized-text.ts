import type { TranslatedText } from '#contract/index'
import { DEFAULT_LOCALE, type Locale } from '#i18n/index'

/**
 * A translated field (docs/product/3-entities.md: an object keyed by language code) in `locale`, else French (the
 * base language), else whatever language it has, else ''. Tenants fill their enabled languages
 * (tenants/validate.test.ts checks the demo ones) but a gap must never print nothing.
 */
export function pick(text: TranslatedText | undefined, locale: Locale): string {
  if (!text) return ''
  const own = text[locale]?.trim()
  if (own) return own
  const base = text[DEFAULT_LOCALE]?.trim()
  if (base) return base
  return (
    Object.values(text)
      .find((value) => value?.trim())
      ?.trim() ?? ''
  )
}

/**
 * The text in each of `locales`, as pick gives it: what a cart line keeps so that another
 * language's page shows its name (src/domain/cart/line-name.ts).
 */
export function pickEach(
  text: TranslatedText | undefined,
  locales: readonly Locale[],
): Record<string, string> {
  return Object.fromEntries(locales.map((locale) => [locale, pick(text, locale)]))
}

/** Like pick, but undefined instead of '' so a company override can fall back to a catalog label. */
export function pickOwn(text: TranslatedText | undefined, locale: Locale): string | undefined {
  return text?.[locale]?.trim() || undefined
}

/** A plain-text excerpt of at most `max` characters, cut at a word, for meta descriptions. */
export function excerpt(text: string, max = 160): string {
  const flat = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}
