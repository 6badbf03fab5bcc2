import { describe, expect, test } from 'vitest'
import { shop } from './shop'

const base = { id: 1, slug: 'institut-lyon', publicInfo: { name: 'Lyon' } }

describe('shop', () => {
  test('docs/product/3-entities.md: defaults — timeZone Europe/Paris, no group, booking off, empty lists', () => {
    const s = shop.parse(base)
    expect(s.timeZone).toBe('Europe/Paris')
    expect(s.geoGroupment).toBeNull()
    expect(s.booker).toEqual({
      active: false,
      shopUseCabins: false,
      // decision 038: the visit policy a salon would choose
      policy: { reschedule: true, cancel: true, deadlineHours: 24, cancelGives: 'refund' },
    })
    expect(s.openingHours).toEqual({})
    expect(s.publicInfo.address).toEqual({ address: '', city: '', country: '', zipcode: '' })
  })

  test('docs/product/3-entities.md, docs/product/5-rules.md: opening hours are keyed by weekday name with HH:MM ranges', () => {
    const s = shop.parse({
      ...base,
      openingHours: {
        monday: { status: 'closed', hours: [] },
        tuesday: {
          status: 'pause',
          hours: [
            { start: '10:00', end: '13:00' },
            { start: '14:00', end: '19:00' },
          ],
        },
      },
    })
    expect(s.openingHours.tuesday?.hours).toHaveLength(2)
    expect(s.openingHours.wednesday).toBeUndefined()
  })

  test('docs/product/3-entities.md: a day key other than monday..sunday is refused', () => {
    const bad = { ...base, openingHours: { '1': { status: 'day', hours: [] } } }
    expect(shop.safeParse(bad).success).toBe(false)
  })

  test('docs/product/3-entities.md: coordinates within range and a known time zone', () => {
    const ok = { ...base, localisation: { coordonate: { lat: 45.75, lng: 4.83 } } }
    expect(shop.safeParse(ok).success).toBe(true)
    const far = { ...base, localisation: { coordonate: { lat: 95, lng: 4.83 } } }
    expect(shop.safeParse(far).success).toBe(false)
    expect(shop.safeParse({ ...base, timeZone: 'Mars/Olympus' }).success).toBe(false)
  })
})
