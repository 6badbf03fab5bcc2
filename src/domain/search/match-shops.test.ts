import { describe, expect, it } from 'vitest'
import { matchShops } from './match-shops'

function shop(id: number, name: string, city: string, zipcode: string, country = 'France') {
  return {
    id,
    publicInfo: { name, address: { address: `${id} rue de la Paix`, city, country, zipcode } },
  }
}

const shops = [
  shop(1, 'Spa Lumière', 'Paris', '75001'),
  shop(2, 'Les Bains', 'Paris', '75011'),
  shop(3, 'Institut Évasion', 'Lyon', '69002'),
  shop(4, 'Spa du Lac', 'Genève', '1204', 'Suisse'),
  shop(5, 'Beauté Sud', 'Saint-Étienne', '42000'),
]

const ids = (found: { id: number }[]) => found.map((s) => s.id)

describe('shop search matching (docs/product/5-rules.md)', () => {
  it('numeric text matches zipcodes by prefix', () => {
    expect(ids(matchShops(shops, '750'))).toEqual([1, 2])
    expect(ids(matchShops(shops, '75011'))).toEqual([2])
    expect(ids(matchShops(shops, '69'))).toEqual([3])
    expect(ids(matchShops(shops, ' 75 001 '))).toEqual([1])
  })

  it('with no zip match, the first two digits are used', () => {
    expect(ids(matchShops(shops, '75999'))).toEqual([1, 2])
    expect(ids(matchShops(shops, '6900'))).toEqual([3])
    expect(ids(matchShops(shops, '99999'))).toEqual([])
    expect(ids(matchShops(shops, '9'))).toEqual([])
  })

  it('text matches name, city, country and address, ignoring case and accents', () => {
    expect(ids(matchShops(shops, 'lumiere'))).toEqual([1])
    expect(ids(matchShops(shops, 'GENEVE'))).toEqual([4])
    expect(ids(matchShops(shops, 'suisse'))).toEqual([4])
    expect(ids(matchShops(shops, 'saint-etienne'))).toEqual([5])
    expect(ids(matchShops(shops, 'rue de la paix'))).toEqual([1, 2, 3, 4, 5])
    expect(ids(matchShops(shops, 'évasion'))).toEqual([3])
  })

  it('every word must match some field', () => {
    expect(ids(matchShops(shops, 'spa paris'))).toEqual([1])
    expect(ids(matchShops(shops, 'spa nowhere'))).toEqual([])
  })

  it('a mix of letters and digits is text, not a zipcode', () => {
    expect(ids(matchShops(shops, '3 rue'))).toEqual([3])
  })

  it('empty text filters nothing; missing fields never throw', () => {
    expect(ids(matchShops(shops, '  '))).toEqual([1, 2, 3, 4, 5])
    const bare = [{ id: 9 }, { id: 10, publicInfo: { name: 'Spa', address: null } }]
    expect(ids(matchShops(bare, 'spa'))).toEqual([10])
    expect(ids(matchShops(bare, '75'))).toEqual([])
  })

  it('numeric zipcodes from the data are matched as text', () => {
    const numeric = [{ id: 1, publicInfo: { address: { zipcode: 75001 } } }]
    expect(ids(matchShops(numeric, '750'))).toEqual([1])
  })
})
