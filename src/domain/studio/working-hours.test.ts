import { describe, expect, it } from 'vitest'
import { worksAt } from './working-hours'

/** tenants/maison-lumiere.localhost, Claire: closed on Monday, a lunch break on Tuesday */
const CLAIRE = {
  monday: { status: 'closed', hours: [] },
  tuesday: {
    status: 'pause',
    hours: [
      { start: '10:00', end: '13:00' },
      { start: '14:00', end: '19:00' },
    ],
  },
  wednesday: { status: 'day', hours: [{ start: '10:00', end: '19:00' }] },
}

describe('working hours in the agenda (docs/decisions/071-studio-app.md)', () => {
  it('opens the ranges of the weekday, start included, end excluded', () => {
    // 2026-12-01 is a Tuesday
    expect(worksAt(CLAIRE, '2026-12-01', '10:00')).toBe(true)
    expect(worksAt(CLAIRE, '2026-12-01', '12:45')).toBe(true)
    expect(worksAt(CLAIRE, '2026-12-01', '13:00')).toBe(false)
    expect(worksAt(CLAIRE, '2026-12-01', '09:45')).toBe(false)
    expect(worksAt(CLAIRE, '2026-12-02', '18:45')).toBe(true)
  })

  it('closes a closed day and a day the hours do not name', () => {
    expect(worksAt(CLAIRE, '2026-11-30', '11:00')).toBe(false)
    expect(worksAt(CLAIRE, '2026-12-06', '11:00')).toBe(false)
  })
})
