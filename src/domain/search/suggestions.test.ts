import { describe, expect, it } from 'vitest'
import { suggestShops } from './suggestions'

const PARIS = { lat: 48.8566, lng: 2.3522 }
const at = (id: number, lat: number, lng: number) => ({
  id,
  localisation: { coordonate: { lat, lng } },
})
const lyon = at(1, 45.764, 4.8357)
const versailles = at(2, 48.8049, 2.1204)
const rouen = at(3, 49.4432, 1.0999)
const nowhere = { id: 4 }
const lille = at(5, 50.6292, 3.0573)
const orleans = at(6, 47.9029, 1.9093)
const reims = at(7, 49.2583, 4.0317)
const all = [lyon, versailles, rouen, nowhere, lille, orleans, reims]
const ids = (shops: { id: number }[]) => shops.map((s) => s.id)

describe('search suggestions (docs/product/9-constants.md: shown for 1-5 results, filled up to 6)', () => {
  it('no suggestions without results or with 6 and more', () => {
    expect(suggestShops([], all, PARIS)).toEqual([])
    expect(suggestShops(all.slice(0, 6), all, PARIS)).toEqual([])
  })

  it('fills up to 6 with the nearest other shops, never a result again', () => {
    expect(ids(suggestShops([versailles], all, PARIS))).toEqual([6, 3, 7, 5, 1])
    expect(ids(suggestShops([versailles, lyon, rouen, lille, orleans], all, PARIS))).toEqual([7])
  })

  it('shops without a position come last; duplicates in the list are ignored', () => {
    const withDupes = [...all, versailles, orleans]
    expect(ids(suggestShops([lyon, lille, reims], withDupes, PARIS))).toEqual([2, 6, 3])
    expect(
      ids(suggestShops([lyon, lille, reims, rouen, orleans], [nowhere, ...all], PARIS)),
    ).toEqual([2])
    expect(ids(suggestShops([lyon, lille, reims, rouen, versailles], all, PARIS))).toEqual([6])
    expect(ids(suggestShops([lyon], [lyon, nowhere, versailles], PARIS))).toEqual([2, 4])
  })

  it('without the user position, nearest to the first result', () => {
    expect(ids(suggestShops([lyon], all))).toEqual([6, 7, 2, 3, 5])
  })

  it('without any position, the given order is kept', () => {
    const [first, second, third] = [{ id: 1 }, { id: 2 }, { id: 3 }]
    expect(ids(suggestShops([second], [first, second, third]))).toEqual([1, 3])
  })
})
