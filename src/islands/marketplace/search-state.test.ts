import { describe, expect, it } from 'vitest'
import { type SearchShop, searchView } from './search-state'

const shop = (
  id: string,
  name: string,
  city: string,
  zipcode: string,
  lat?: number,
  lng?: number,
): SearchShop => ({
  id,
  href: `/${id}`,
  image: undefined,
  active: id !== 'annemasse',
  publicInfo: { name, address: { address: '', city, country: 'France', zipcode } },
  localisation: lat === undefined || lng === undefined ? undefined : { coordonate: { lat, lng } },
})

const SHOPS = [
  shop('annecy', 'Bains Annecy', 'Annecy', '74000', 45.905, 6.136),
  shop('evian', 'Bains Évian', 'Évian-les-Bains', '74500', 46.4012, 6.5897),
  shop('annemasse', 'Bains Annemasse', 'Annemasse', '74100', 46.1934, 6.2368),
  shop('chambery', 'Bains Chambéry', 'Chambéry', '73000', 45.5668, 5.9221),
  shop('lyon', 'Bains Lyon', 'Lyon', '69002', 45.7622, 4.8305),
  shop('grenoble', 'Bains Grenoble', 'Grenoble', '38000', 45.1905, 5.728),
  shop('nowhere', 'Bains Sans Carte', 'Paris', '75001'),
]
const ANNECY = { lat: 45.9, lng: 6.13 }

describe('shop search view (docs/product/2-screens.md, docs/product/4-states.md, docs/product/5-rules.md)', () => {
  it('starts in locate mode with nothing until the visitor is located', () => {
    expect(searchView({ shops: SHOPS, text: '', position: null, radiusKm: 100 })).toEqual({
      mode: 'locate',
      results: [],
      suggestions: [],
    })
  })

  it('located: shops within the radius, nearest first, with their distance', () => {
    const view = searchView({ shops: SHOPS, text: '', position: ANNECY, radiusKm: 50 })
    expect(view.mode).toBe('locate')
    expect(view.results.map((result) => result.shop.id)).toEqual([
      'annecy',
      'annemasse',
      'chambery',
    ])
    expect(view.results[0]?.distanceKm).toBeLessThan(1)
    const wide = searchView({ shops: SHOPS, text: '', position: ANNECY, radiusKm: 250 })
    expect(wide.results).toHaveLength(6)
  })

  it('typing leaves locate mode: zip prefix, then a city without accents', () => {
    const zip = searchView({ shops: SHOPS, text: '74', position: null, radiusKm: 100 })
    expect(zip.mode).toBe('text')
    expect(zip.results.map((result) => result.shop.id)).toEqual(['annecy', 'evian', 'annemasse'])
    const city = searchView({ shops: SHOPS, text: 'chambery', position: null, radiusKm: 100 })
    expect(city.results.map((result) => result.shop.id)).toEqual(['chambery'])
    // one result: suggestions fill up to 6, nearest to it first
    expect(city.suggestions).toHaveLength(5)
    expect(city.suggestions[0]?.shop.id).toBe('annecy')
  })
})
