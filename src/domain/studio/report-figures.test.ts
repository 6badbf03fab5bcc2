import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BOOKING_STATUSES } from '#contract/booking-order'
import { periodStart, periodStarts, type ReportOrder, reportFigures } from './report-figures'

const day = (from: number, span: number) =>
  fc
    .integer({ min: 0, max: span })
    .map((n) => new Date(Date.UTC(2026, 0, 1) + (from + n) * 86_400_000).toISOString().slice(0, 10))

const order: fc.Arbitrary<ReportOrder> = fc.record({
  status: fc.constantFrom(...BOOKING_STATUSES),
  total: fc.integer({ min: 0, max: 5_000_00 }),
  shopId: fc.constantFrom('paris', 'lyon', 'nice'),
  day: day(0, 120),
})
const step = fc.constantFrom('day' as const, 'week' as const, 'month' as const)

describe('reportFigures (docs/decisions/076-studio-reports.md)', () => {
  it('the total, the shops and the periods each add up to the orders of the period', () => {
    fc.assert(
      fc.property(
        fc.array(order, { maxLength: 60 }),
        day(0, 60),
        day(60, 60),
        step,
        (orders, start, end, s) => {
          const report = reportFigures(orders, { start, end, step: s })
          const covered = orders.filter((o) => o.day >= start && o.day <= end)
          const visits = covered.filter((o) =>
            ['confirmed', 'arrived', 'completed', 'noShow', 'partiallyRefunded'].includes(o.status),
          )
          const revenue = visits.reduce((sum, o) => sum + o.total, 0)
          expect(report.total.revenue).toBe(revenue)
          expect(report.total.visits).toBe(visits.length)
          for (const key of ['revenue', 'visits', 'noShows', 'cancellations'] as const) {
            const byShop = report.byShop.reduce((sum, f) => sum + f[key], 0)
            const byPeriod = report.byPeriod.reduce((sum, f) => sum + f[key], 0)
            expect({ key, byShop, byPeriod }).toEqual({
              key,
              byShop: report.total[key],
              byPeriod: report.total[key],
            })
          }
          expect(report.total.averageBasket).toBe(
            visits.length === 0 ? 0 : Math.round(revenue / visits.length),
          )
        },
      ),
    )
  })

  it('pending orders count in nothing; cancelled and refunded are cancellations, not revenue', () => {
    const at = (status: ReportOrder['status'], total: number): ReportOrder => ({
      status,
      total,
      shopId: 'paris',
      day: '2026-03-10',
    })
    const report = reportFigures(
      [
        at('pending', 100),
        at('cancelled', 200),
        at('refunded', 300),
        at('noShow', 400),
        at('completed', 600),
      ],
      { start: '2026-03-01', end: '2026-03-31', step: 'month' },
    )
    expect(report.total).toEqual({
      revenue: 1000,
      visits: 2,
      noShows: 1,
      cancellations: 2,
      averageBasket: 500,
    })
    expect(report.byPeriod).toHaveLength(1)
  })

  it('steps start on the day, the Monday, the first of the month; empty steps are listed', () => {
    expect(periodStart('2026-11-29', 'week')).toBe('2026-11-23')
    expect(periodStart('2026-11-23', 'week')).toBe('2026-11-23')
    expect(periodStart('2026-11-29', 'month')).toBe('2026-11-01')
    expect(periodStarts('2026-11-28', '2026-12-02', 'day')).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ])
    expect(periodStarts('2026-11-15', '2027-02-01', 'month')).toEqual([
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ])
    expect(periodStarts('2026-11-29', '2026-12-08', 'week')).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
    ])
  })

  it('every day of a period falls in exactly one listed step', () => {
    fc.assert(
      fc.property(day(0, 400), fc.integer({ min: 0, max: 200 }), step, (start, span, s) => {
        const end = new Date(Date.parse(start) + span * 86_400_000).toISOString().slice(0, 10)
        const starts = periodStarts(start, end, s)
        expect(new Set(starts).size).toBe(starts.length)
        expect(starts).toEqual([...starts].sort())
        expect(starts).toContain(periodStart(start, s))
        expect(starts).toContain(periodStart(end, s))
      }),
    )
  })
})
