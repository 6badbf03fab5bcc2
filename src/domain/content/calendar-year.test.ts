import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { localYear, nextLocalYearStart, tenantTimeZone } from './calendar-year'

/**
 * The footer's year and the instant it changes (docs/decisions/059-rebuilds-at-content-boundaries.md):
 * every zone the runtime knows, including those with daylight saving in January (southern
 * hemisphere), half-hour offsets and the date line.
 */
const zones = Intl.supportedValuesOf('timeZone')
const instants = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 0, 1) })

describe('the local calendar year', () => {
  it('changes exactly at the next local new year, in any zone', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (now, zone) => {
        const year = localYear(now, zone)
        const next = nextLocalYearStart(now, zone)
        expect(next).toBeGreaterThan(now)
        expect(localYear(next, zone)).toBe(year + 1)
        expect(localYear(next - 1, zone)).toBe(year)
        // less than a year and a day ahead: nothing in between was skipped
        expect(next - now).toBeLessThanOrEqual(367 * 86_400_000)
      }),
      { numRuns: 2000 },
    )
  })

  it('stays the same from now until that instant', () => {
    fc.assert(
      fc.property(
        instants,
        fc.constantFrom(...zones),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (now, zone, share) => {
          const next = nextLocalYearStart(now, zone)
          const between = now + Math.floor((next - now - 1) * share)
          expect(localYear(between, zone)).toBe(localYear(now, zone))
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('is read in the zone, not in UTC: 00:30 on 1 January in Paris is already the new year', () => {
    const paris = Date.parse('2026-12-31T23:30:00Z')
    expect(localYear(paris, 'Europe/Paris')).toBe(2027)
    expect(localYear(paris, 'UTC')).toBe(2026)
    expect(nextLocalYearStart(Date.parse('2026-06-01T00:00:00Z'), 'Europe/Paris')).toBe(
      Date.parse('2026-12-31T23:00:00Z'),
    )
    // Sydney is in summer time (UTC+11) on 1 January
    expect(nextLocalYearStart(Date.parse('2026-06-01T00:00:00Z'), 'Australia/Sydney')).toBe(
      Date.parse('2026-12-31T13:00:00Z'),
    )
  })

  it("a tenant's zone is its first shop's, else Paris", () => {
    expect(tenantTimeZone([{ timeZone: 'America/Montreal' }, { timeZone: 'Europe/Paris' }])).toBe(
      'America/Montreal',
    )
    expect(tenantTimeZone([])).toBe('Europe/Paris')
  })
})
