import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitVisits } from './customer-visits'

const order = (ideorder: string, ...starts: string[]) => ({
  ideorder,
  status: 'validated',
  appointments: starts.map((start, i) => ({ id: `${ideorder}-${i}`, serviceId: 's', start })),
})

describe('splitVisits', () => {
  it('lists coming visits soonest first and past ones latest first', () => {
    const { coming, past } = splitVisits(
      [
        order('A', '2026-12-05T10:00', '2026-11-01T09:00'),
        order('B', '2026-12-01T08:00', '2026-11-20T18:00'),
      ],
      '2026-11-29T12:00',
    )
    expect(coming.map((v) => v.start)).toEqual(['2026-12-01T08:00', '2026-12-05T10:00'])
    expect(past.map((v) => v.start)).toEqual(['2026-11-20T18:00', '2026-11-01T09:00'])
    expect(coming[0]).toMatchObject({ ideorder: 'B', id: 'B-0' })
  })

  it('puts every appointment in exactly one list', () => {
    const minute = fc
      .integer({ min: 0, max: 60 * 24 * 60 })
      .map((m) => new Date(Date.UTC(2026, 0, 1) + m * 60_000).toISOString().slice(0, 16))
    fc.assert(
      fc.property(
        fc.array(fc.array(minute, { maxLength: 3 }), { maxLength: 5 }),
        minute,
        (orders, now) => {
          const { coming, past } = splitVisits(
            orders.map((starts, i) => order(String(i), ...starts)),
            now,
          )
          const all = orders.flat().length
          return coming.length + past.length === all && coming.every((v) => v.start >= now)
        },
      ),
    )
  })
})
