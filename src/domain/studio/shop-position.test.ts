import { describe, expect, it } from 'vitest'
import { positionOf } from './shop-position'

describe('a position typed by hand', () => {
  it('reads decimal degrees with a point or a comma', () => {
    expect(positionOf('45,764', ' 4.8357 ')).toEqual({ position: { lat: 45.764, lng: 4.8357 } })
    expect(positionOf('-33.9', '-70')).toEqual({ position: { lat: -33.9, lng: -70 } })
  })
  it('is no position when both are empty', () => {
    expect(positionOf(' ', '')).toEqual({ position: null })
  })
  it('names the field that is not a place on the globe', () => {
    expect(positionOf('91', '4')).toEqual({ error: 'lat' })
    expect(positionOf('45', '')).toEqual({ error: 'lng' })
    expect(positionOf('45', '181')).toEqual({ error: 'lng' })
    expect(positionOf('north', '4')).toEqual({ error: 'lat' })
  })
})
