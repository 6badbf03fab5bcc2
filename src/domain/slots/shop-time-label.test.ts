import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { clockLabel } from './clock-label'
import { shopTimeLabel } from './shop-time-label'
import { utcToZonedWallTime } from './zoned-time'

/** docs/decisions/064-error-page-preview-and-shop-times.md: a shop's times in the shop's zone. */
const ZONES = ['Europe/Paris', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC'] as const
const ISOS = ['fr-FR', 'en-GB', 'de-DE', 'es-ES', 'it-IT'] as const
const instants = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) })

describe('shopTimeLabel', () => {
  it('writes the shop’s wall clock, whatever the visitor’s zone', () => {
    fc.assert(
      fc.property(
        instants,
        fc.constantFrom(...ZONES),
        fc.constantFrom(...ZONES),
        fc.constantFrom(...ISOS),
        (at, shop, visitor, iso) => {
          const wall = utcToZonedWallTime(at, shop)
          const time = clockLabel(wall.hour * 60 + wall.minute, iso)
          expect(shopTimeLabel(at, shop, iso, visitor).startsWith(time)).toBe(true)
        },
      ),
    )
  })

  it('names the zone only where the visitor’s clock reads otherwise', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...ISOS), (at, iso) => {
        const wall = utcToZonedWallTime(at, 'Europe/Paris')
        const time = clockLabel(wall.hour * 60 + wall.minute, iso)
        // same zone, and Berlin, whose clock always agrees with Paris: the bare time
        expect(shopTimeLabel(at, 'Europe/Paris', iso, 'Europe/Paris')).toBe(time)
        expect(shopTimeLabel(at, 'Europe/Paris', iso, 'Europe/Berlin')).toBe(time)
        // New York never agrees with Paris: a zone name follows the time
        const abroad = shopTimeLabel(at, 'Europe/Paris', iso, 'America/New_York')
        expect(abroad.startsWith(`${time} `)).toBe(true)
        expect(abroad.length).toBeGreaterThan(time.length + 1)
      }),
    )
  })

  it('reads an ISO instant with an offset: 09:30 UTC is 10:30 in Paris in winter, 11:30 in summer', () => {
    expect(shopTimeLabel('2026-01-15T09:30:00Z', 'Europe/Paris', 'fr-FR', 'Europe/Paris')).toBe(
      '10:30',
    )
    expect(shopTimeLabel('2026-07-15T09:30:00Z', 'Europe/Paris', 'fr-FR', 'Europe/Paris')).toBe(
      '11:30',
    )
    expect(shopTimeLabel('2026-01-15T09:30:00Z', 'Europe/Paris', 'fr-FR', 'America/New_York')).toBe(
      '10:30 UTC+1',
    )
  })
})
