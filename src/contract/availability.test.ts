import { describe, expect, test } from 'vitest'
import { availabilityPeriod } from './availability'

/** Two days of a shop with two employees and one cabin holding one equipment. */
const sample = {
  '2026-12-01': {
    m_tabres: [
      {
        m_id: 301,
        m_displayname: 'Claire',
        m_workingHours: [
          { start: '10:00', end: '13:00' },
          { start: '14:00', end: '19:00' },
        ],
        m_event: [{ start: '10:30', end: '11:30' }],
        m_SbSelectionActive: true,
      },
      {
        m_id: '302',
        m_displayname: 'Inès',
        m_workingHours: [{ start: '09:30', end: '18:00' }],
        m_event: [],
        m_SbSelectionActive: false,
      },
    ],
    m_tabresC: [
      {
        m_id: 'cab-1',
        m_displayname: 'Cabine 1',
        m_event: [{ start: '15:00', end: '16:00' }],
        m_tabresA: [{ m_id: 'eq-1', m_displayname: 'LED', m_event: [] }],
      },
    ],
  },
  '2026-12-02': { m_tabres: [], m_tabresC: [] },
}

describe('availability', () => {
  test('docs/product/7-calls.md: the period response parses, keyed by date, ids as strings', () => {
    const period = availabilityPeriod.parse(sample)
    expect(Object.keys(period)).toEqual(['2026-12-01', '2026-12-02'])
    const day = period['2026-12-01']
    expect(day?.m_tabres[0]?.m_id).toBe('301')
    expect(day?.m_tabres[0]?.m_workingHours).toHaveLength(2)
    expect(day?.m_tabres[1]?.m_SbSelectionActive).toBe(false)
    expect(day?.m_tabresC[0]?.m_tabresA[0]?.m_displayname).toBe('LED')
  })

  test('docs/product/7-calls.md: a day without cabins defaults to empty lists', () => {
    const period = availabilityPeriod.parse({ '2026-12-03': {} })
    expect(period['2026-12-03']).toEqual({ m_tabres: [], m_tabresC: [] })
  })

  test('docs/product/7-calls.md: a key that is not a YYYY-MM-DD date is refused', () => {
    expect(availabilityPeriod.safeParse({ '01/12/2026': {} }).success).toBe(false)
    expect(availabilityPeriod.safeParse({ '2026-02-30': {} }).success).toBe(false)
  })

  test('docs/product/7-calls.md: a range must be HH:MM and end after start', () => {
    const bad = (range: { start: string; end: string }) => ({
      '2026-12-01': {
        m_tabres: [{ m_id: 1, m_displayname: 'A', m_workingHours: [range], m_event: [] }],
      },
    })
    expect(availabilityPeriod.safeParse(bad({ start: '13:00', end: '10:00' })).success).toBe(false)
    expect(availabilityPeriod.safeParse(bad({ start: '9:00', end: '10:00' })).success).toBe(false)
  })
})
