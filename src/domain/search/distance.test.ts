import { describe, expect, it } from 'vitest'
import {
  formatDistance,
  haversineKm,
  shopDistanceKm,
  shopPosition,
  shownDistance,
} from './distance'

const PARIS = { lat: 48.8566, lng: 2.3522 }
const LYON = { lat: 45.764, lng: 4.8357 }

describe('distance (docs/product/9-constants.md: haversine, earth radius 6371 km, m or ~km)', () => {
  it('haversine with radius 6371 km', () => {
    expect(haversineKm(PARIS, PARIS)).toBe(0)
    expect(haversineKm(PARIS, LYON)).toBeCloseTo(391.5, 0)
    expect(haversineKm(LYON, PARIS)).toBeCloseTo(haversineKm(PARIS, LYON), 10)
    // A quarter of a meridian is exactly π/2 × 6371 km.
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 90, lng: 0 })).toBeCloseTo(
      (Math.PI / 2) * 6371,
      6,
    )
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371, 6)
  })

  it('shown in whole metres up to 1000 m', () => {
    expect(formatDistance(0)).toBe('0 m')
    expect(formatDistance(12.4)).toBe('12 m')
    expect(formatDistance(849.5)).toBe('850 m')
    expect(formatDistance(999.6)).toBe('1000 m')
    expect(formatDistance(1000)).toBe('1000 m')
    expect(formatDistance(-5)).toBe('0 m')
  })

  it('shown as ~N km above 1000 m, rounded to the nearest km', () => {
    expect(formatDistance(1001)).toBe('~1 km')
    expect(formatDistance(1499)).toBe('~1 km')
    expect(formatDistance(1500)).toBe('~2 km')
    expect(formatDistance(391_500)).toBe('~392 km')
  })

  it('the shown unit and value, for the catalogs to word', () => {
    expect(shownDistance(999.6)).toEqual({ unit: 'm', value: 1000 })
    expect(shownDistance(1000.4)).toEqual({ unit: 'm', value: 1000 })
    expect(shownDistance(1000.6)).toEqual({ unit: 'km', value: 1 })
    expect(shownDistance(24_499)).toEqual({ unit: 'km', value: 24 })
  })

  it('docs/product/3-entities.md: reads a shop position, numeric strings included', () => {
    expect(shopPosition({ localisation: { coordonate: { lat: '45.764', lng: 4.8357 } } })).toEqual(
      LYON,
    )
    expect(shopDistanceKm({ localisation: { coordonate: LYON } }, PARIS)).toBeCloseTo(391.5, 0)
  })

  it('docs/product/3-entities.md: a shop without a usable position has no distance', () => {
    for (const coordonate of [
      undefined,
      null,
      {},
      { lat: 0, lng: 0 },
      { lat: 'x', lng: 2 },
      { lat: 91, lng: 2 },
      { lat: '', lng: 2 },
    ]) {
      expect(shopDistanceKm({ localisation: { coordonate } }, PARIS)).toBeNull()
    }
    expect(shopPosition({})).toBeNull()
  })
})
