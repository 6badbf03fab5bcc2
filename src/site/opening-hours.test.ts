import { describe, expect, it } from 'vitest'
import { mapLink, openingHoursRows } from './opening-hours'

describe('opening hours rows', () => {
  it('lists the week from Monday, with day, pause and closed', () => {
    const rows = openingHoursRows({
      monday: {
        status: 'pause',
        hours: [
          { start: '10:00', end: '12:30' },
          { start: '14:00', end: '19:00' },
        ],
      },
      tuesday: { status: 'day', hours: [{ start: '10:00', end: '20:00' }] },
      wednesday: { status: 'closed', hours: [] },
      thursday: { status: 'day', hours: [] },
    })
    expect(rows.map((r) => [r.day, r.status, r.ranges.length])).toEqual([
      ['monday', 'pause', 2],
      ['tuesday', 'day', 1],
      ['wednesday', 'closed', 0],
      ['thursday', 'closed', 0],
      ['friday', 'closed', 0],
      ['saturday', 'closed', 0],
      ['sunday', 'closed', 0],
    ])
  })
})

describe('map link', () => {
  const address = {
    address: "14 avenue d'Albigny",
    zipcode: '74000',
    city: 'Annecy',
    country: 'France',
  }
  it('uses coordinates when known', () => {
    expect(mapLink({ lat: 45.905, lng: 6.136 }, address)).toBe(
      'https://www.openstreetmap.org/?mlat=45.905&mlon=6.136#map=17/45.905/6.136',
    )
  })
  it('falls back to the address', () => {
    expect(mapLink(undefined, address)).toBe(
      "https://www.openstreetmap.org/search?query=14%20avenue%20d'Albigny%2074000%20Annecy%20France",
    )
  })
})
