import { describe, expect, it } from 'vitest'
import { addDays, datesFrom, freeSlots, selectableEmployees } from './free-slots'

const malik = {
  m_id: '302',
  m_displayname: 'Malik',
  m_workingHours: [
    { start: '10:00', end: '12:30' },
    { start: '14:00', end: '15:00' },
  ],
  m_event: [{ start: '11:00', end: '11:30' }],
  m_SbSelectionActive: true,
}
const ana = {
  m_id: '303',
  m_displayname: 'Ana',
  m_workingHours: [{ start: '10:00', end: '11:30' }],
  m_event: [],
  m_SbSelectionActive: false,
}

describe('free slots of one day', () => {
  it('starts on cuttingHours blocks inside working ranges, around events', () => {
    const slots = freeSlots(
      { m_tabres: [malik], m_tabresC: [] },
      { duration: 60, cuttingHours: 30 },
    )
    expect(slots.map((s) => s.start)).toEqual([600, 690, 840])
    expect(slots[0]).toEqual({ start: 600, end: 660, employeeIds: ['302'], cabinIds: [] })
  })

  it('any employee merges starts; a picked employee narrows them', () => {
    const day = { m_tabres: [malik, ana], m_tabresC: [] }
    const any = freeSlots(day, { duration: 60, cuttingHours: 30 })
    expect(any.map((s) => [s.start, s.employeeIds])).toEqual([
      [600, ['302', '303']],
      [630, ['303']],
      [690, ['302']],
      [840, ['302']],
    ])
    const picked = freeSlots(day, { duration: 60, cuttingHours: 30, employeeId: '303' })
    expect(picked.map((s) => s.start)).toEqual([600, 630])
  })

  it('with cabins, a start needs a free cabin for the whole service', () => {
    const day = {
      m_tabres: [ana],
      m_tabresC: [
        { m_id: 'c1', m_event: [{ start: '10:00', end: '10:30' }] },
        { m_id: 'c2', m_event: [{ start: '10:15', end: '10:45' }] },
      ],
    }
    const slots = freeSlots(day, { duration: 30, cuttingHours: 15 })
    expect(slots.find((s) => s.start === 600)).toBeUndefined()
    expect(slots.find((s) => s.start === 615)).toBeUndefined()
    expect(slots.find((s) => s.start === 630)?.cabinIds).toEqual(['c1'])
    expect(slots.find((s) => s.start === 645)?.cabinIds).toEqual(['c1', 'c2'])
  })

  it('time the customer already holds is not offered; bad durations give nothing', () => {
    const day = { m_tabres: [ana], m_tabresC: [] }
    const slots = freeSlots(day, {
      duration: 30,
      cuttingHours: 30,
      taken: [{ start: 630, end: 660 }],
    })
    expect(slots.map((s) => s.start)).toEqual([600, 660])
    expect(freeSlots(day, { duration: 0, cuttingHours: 30 })).toEqual([])
  })

  it('selectable employees are those the customer may pick by name', () => {
    expect(
      selectableEmployees({
        a: { m_tabres: [malik, ana], m_tabresC: [] },
        b: { m_tabres: [malik], m_tabresC: [] },
      }),
    ).toEqual([{ id: '302', name: 'Malik' }])
  })

  it('dates from a day, across a month end', () => {
    expect(datesFrom('2026-11-29', 3)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01'])
    expect(datesFrom('nope', 3)).toEqual([])
  })

  it('adds and takes days across month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02')
    expect(addDays('2026-03-02', -2)).toBe('2026-02-28')
    expect(addDays('nope', 1)).toBe('')
  })
})
