import { foldText } from './fold-text'

/** The Shop field the city list reads (docs/product/3-entities.md Shop.publicInfo.address). */
export interface CityShopLike {
  publicInfo?: { address?: { city?: string | null | undefined } | null | undefined } | null
}

export interface CitySuggestion {
  /** the city as the first shop of that city spells it */
  readonly city: string
  /** how many of the company's shops are in it */
  readonly shops: number
}

/** At most this many cities are offered at once (the search shows results 6 at a time). */
export const CITY_SUGGESTIONS_MAX = 6

const WORD_BREAK = /[\s'’-]+/

/** 0: the city starts with the text; 1: one of its later words does; undefined: no match. */
function rank(folded: string, typed: string): 0 | 1 | undefined {
  if (folded.startsWith(typed)) return 0
  return folded.split(WORD_BREAK).some((word) => word.startsWith(typed)) ? 1 : undefined
}

/**
 * The local city autocomplete of the shop search (docs/product/2-screens.md, docs/product/5-rules.md), used when the
 * maps provider is not allowed: the cities of the company's shops whose name, or one of whose words
 * ('bains' in 'Aix-les-Bains'), starts with the typed text, ignoring case and accents. Ranked:
 * cities starting with the text first, then those with more shops, then alphabetically; each city
 * once (spellings that fold alike are one city); empty text offers nothing.
 */
export function citySuggestions(
  shops: readonly CityShopLike[],
  text: string,
  max: number = CITY_SUGGESTIONS_MAX,
): CitySuggestion[] {
  const typed = foldText(text)
  if (typed === '') return []
  const cities = new Map<string, { city: string; shops: number }>()
  for (const shop of shops) {
    const city = (shop.publicInfo?.address?.city ?? '').trim()
    const folded = foldText(city)
    if (folded === '') continue
    const known = cities.get(folded)
    if (known) known.shops += 1
    else cities.set(folded, { city, shops: 1 })
  }
  const ranked: { folded: string; rank: 0 | 1; city: string; shops: number }[] = []
  for (const [folded, entry] of cities) {
    const found = rank(folded, typed)
    if (found !== undefined) ranked.push({ folded, rank: found, ...entry })
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      b.shops - a.shops ||
      (a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : 0),
  )
  return ranked.slice(0, Math.max(0, max)).map(({ city, shops: count }) => ({ city, shops: count }))
}
