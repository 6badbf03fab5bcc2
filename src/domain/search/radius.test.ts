import { describe, expect, it } from 'vitest'
import { clampRadiusKm, shopsWithinRadius, sortByDistance } from './radius'

const PARIS = { lat: 48.8566, lng: 2.3522 }
const at = (id: number, lat: number, lng: number) => ({
  id,
  localisation: { coordonate: { lat, lng } },
})
const shops = [
  at(1, 45.764, 4.8357), // Lyon, ~392 km
  at(2, 48.8049, 2.1204), // Versailles, ~18 km
  { id: 3, localisation: null },
  at(4, 49.4432, 1.0999), // Rouen, ~112 km
  at(5, 48.8049, 2.1204), // Versailles again
]

describe('search radius (docs/product/9-constants.md: slider 1-250 km, default 100)', () => {
  it('clamps the radius to 1-250 km, default 100', () => {
    expect(clampRadiusKm(0)).toBe(1)
    expect(clampRadiusKm(300)).toBe(250)
    expect(clampRadiusKm(42)).toBe(42)
    expect(clampRadiusKm(undefined)).toBe(100)
    expect(clampRadiusKm(Number.NaN)).toBe(100)
  })

  it('keeps shops within the radius, nearest first, ties in given order', () => {
    expect(shopsWithinRadius(shops, PARIS, 100).map((e) => e.shop.id)).toEqual([2, 5])
    expect(shopsWithinRadius(shops, PARIS, 250).map((e) => e.shop.id)).toEqual([2, 5, 4])
    expect(shopsWithinRadius(shops, PARIS, 100)[0]?.distanceKm).toBeCloseTo(17.8, 0)
  })

  it('sorts every placed shop by distance and leaves out shops without a position', () => {
    expect(sortByDistance(shops, PARIS).map((e) => e.shop.id)).toEqual([2, 5, 4, 1])
  })
})
