import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CITY_SUGGESTIONS_MAX, citySuggestions } from './city-suggestions'
import { foldText } from './fold-text'

const at = (city: string) => ({ publicInfo: { address: { city } } })
const shops = [
  at('Annecy'),
  at('Évian-les-Bains'),
  at('Annemasse'),
  at('Aix-les-Bains'),
  at('Chambéry'),
  at('Lyon'),
  at('Grenoble'),
  at('Lyon'),
]
const cities = (text: string) => citySuggestions(shops, text).map((s) => s.city)

describe('local city autocomplete (docs/product/5-rules.md)', () => {
  it('matches the start of the city, ignoring case and accents', () => {
    expect(cities('chambe')).toEqual(['Chambéry'])
    expect(cities('EVI')).toEqual(['Évian-les-Bains'])
    expect(cities('ann')).toEqual(['Annecy', 'Annemasse'])
  })

  it('ranks a city starting with the text before one whose later word does', () => {
    expect(cities('b')).toEqual(['Aix-les-Bains', 'Évian-les-Bains'])
    expect(cities('a')).toEqual(['Aix-les-Bains', 'Annecy', 'Annemasse'])
    expect(cities('l')).toEqual(['Lyon', 'Aix-les-Bains', 'Évian-les-Bains'])
  })

  it('counts the shops of each city once per spelling folded alike', () => {
    expect(citySuggestions([...shops, at('LYON ')], 'ly')).toEqual([{ city: 'Lyon', shops: 3 }])
  })

  it('offers nothing for empty text, text inside a word, or shops without a city', () => {
    expect(cities('')).toEqual([])
    expect(cities('  ')).toEqual([])
    expect(cities('necy')).toEqual([])
    expect(citySuggestions([{ publicInfo: null }, {}, at('')], 'a')).toEqual([])
  })

  const cityArb = fc.constantFrom(
    'Annecy',
    'Évian-les-Bains',
    'Saint-Étienne',
    'Chambéry',
    'Lyon',
    'Œuilly',
    "L'Isle-d'Abeau",
    'Aix-les-Bains',
    'Ajaccio',
    'Épinal',
  )
  const shopsArb = fc.array(cityArb.map(at), { maxLength: 20 })
  const textArb = fc.oneof(
    fc.string({ maxLength: 4 }),
    cityArb.map((c) => c.slice(0, 3)),
  )

  it('every offer matches the text at a word start, each city once, at most six', () => {
    fc.assert(
      fc.property(shopsArb, textArb, (list, text) => {
        const found = citySuggestions(list, text)
        const typed = foldText(text)
        expect(found.length).toBeLessThanOrEqual(CITY_SUGGESTIONS_MAX)
        expect(new Set(found.map((s) => foldText(s.city))).size).toBe(found.length)
        for (const { city } of found) {
          const folded = foldText(city)
          const words = folded.split(/[\s'’-]+/)
          expect(folded.startsWith(typed) || words.some((w) => w.startsWith(typed))).toBe(true)
        }
      }),
    )
  })

  it('the same offers whatever the case or accents typed', () => {
    fc.assert(
      fc.property(shopsArb, cityArb, fc.integer({ min: 1, max: 6 }), (list, city, n) => {
        const start = city.slice(0, n)
        const plain = citySuggestions(list, foldText(start))
        expect(citySuggestions(list, start.toUpperCase())).toEqual(plain)
        expect(citySuggestions(list, start)).toEqual(plain)
      }),
    )
  })

  it('a city starting with the text is never ranked after one that only has a later word', () => {
    fc.assert(
      fc.property(shopsArb, textArb, (list, text) => {
        const typed = foldText(text)
        const starts = citySuggestions(list, text).map((s) => foldText(s.city).startsWith(typed))
        expect(starts).toEqual([...starts].sort((a, b) => Number(b) - Number(a)))
      }),
    )
  })

  it('every city of a shop starting with the text is offered while there is room', () => {
    fc.assert(
      fc.property(shopsArb, cityArb, (list, city) => {
        const typed = foldText(city.slice(0, 2))
        const expected = new Set(
          list.map((s) => foldText(s.publicInfo.address.city)).filter((c) => c.startsWith(typed)),
        )
        const offered = citySuggestions(list, typed, 100).map((s) => foldText(s.city))
        for (const c of expected) expect(offered).toContain(c)
      }),
    )
  })
})
