import { describe, expect, it } from 'vitest'
import { mapsScriptUrl } from './google-maps'
import { mapView, readPoints, SINGLE_SHOP_ZOOM } from './map-view'

describe('contact map view (docs/decisions/033-maps-after-consent.md)', () => {
  it('one shop: centred at zoom 18', () => {
    expect(mapView([{ name: 'A', lat: 45.9, lng: 6.1 }])).toEqual({
      center: { lat: 45.9, lng: 6.1 },
      zoom: SINGLE_SHOP_ZOOM,
      fit: false,
    })
  })

  it('several shops: fitted to their bounds', () => {
    const view = mapView([
      { name: 'A', lat: 45, lng: 6 },
      { name: 'B', lat: 47, lng: 4 },
    ])
    expect(view.fit).toBe(true)
    expect(view.center).toEqual({ lat: 46, lng: 5 })
  })

  it('reads only well-formed points from the page', () => {
    expect(readPoints('[{"name":"A","lat":1,"lng":2},{"name":"B","lat":"x","lng":2},3]')).toEqual([
      { name: 'A', lat: 1, lng: 2 },
    ])
    expect(readPoints('{')).toEqual([])
    expect(readPoints(undefined)).toEqual([])
  })

  it("the loader's address carries the key, the language, places and the callback", () => {
    const url = new URL(mapsScriptUrl('AIzaKey_-1234567890123456', 'en'))
    expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/js')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      key: 'AIzaKey_-1234567890123456',
      language: 'en',
      libraries: 'places',
      loading: 'async',
      callback: 'storefrontMapsReady',
    })
  })
})
