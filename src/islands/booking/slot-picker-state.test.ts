import { describe, expect, it } from 'vitest'
import type { AvailabilityPeriod } from '#contract/availability'
import {
  chosenSlot,
  employeeNames,
  initialSlotPickerState,
  periodQuery,
  rovingCell,
  slotColumns,
  slotPickerReducer,
} from './slot-picker-state'

const malik = {
  m_id: '302',
  m_displayname: 'Malik',
  m_workingHours: [{ start: '10:00', end: '12:00' }],
  m_event: [{ start: '10:30', end: '11:00' }],
  m_SbSelectionActive: true,
}
const ana = {
  m_id: '303',
  m_displayname: 'Ana',
  m_workingHours: [{ start: '14:00', end: '15:00' }],
  m_event: [],
  m_SbSelectionActive: true,
}
const period: AvailabilityPeriod = {
  '2026-11-23': { m_tabres: [malik], m_tabresC: [] },
  '2026-11-25': { m_tabres: [malik, ana], m_tabresC: [] },
}
const dates = ['2026-11-23', '2026-11-24', '2026-11-25']
const options = { duration: 30, cuttingHours: 30, employeeId: '', takenOn: () => [] }

describe('slot picker reducer', () => {
  it('loads, keeps the last answer while the next loads, fails and retries', () => {
    let state = initialSlotPickerState('2026-11-23')
    expect(state).toEqual({
      from: '2026-11-23',
      status: 'loading',
      period: {},
      employeeId: '',
      attempt: 0,
    })
    state = slotPickerReducer(state, { type: 'loaded', period })
    expect(state.status).toBe('ready')
    state = slotPickerReducer(state, { type: 'loading' })
    expect(state).toMatchObject({ status: 'loading', period })
    state = slotPickerReducer(state, { type: 'failed' })
    expect(state.status).toBe('error')
    expect(slotPickerReducer(state, { type: 'retry' }).attempt).toBe(1)
    expect(slotPickerReducer(state, { type: 'employee', employeeId: '303' }).employeeId).toBe('303')
  })

  it('moves the window back by whole pages after moving forward, never before today', () => {
    const today = '2026-11-23'
    const later = slotPickerReducer(initialSlotPickerState(today), {
      type: 'shift',
      delta: 14,
      today,
    })
    expect(slotPickerReducer(later, { type: 'shift', delta: -7, today }).from).toBe('2026-11-30')
    expect(slotPickerReducer(later, { type: 'shift', delta: -20, today }).from).toBe(today)
  })

  it('moves the window forward by whole pages, never before today', () => {
    const today = '2026-11-23'
    const start = initialSlotPickerState(today)
    const next = slotPickerReducer(start, { type: 'shift', delta: 7, today })
    expect(next.from).toBe('2026-11-30')
    expect(slotPickerReducer(next, { type: 'shift', delta: 4, today }).from).toBe('2026-12-04')
    expect(slotPickerReducer(start, { type: 'shift', delta: -7, today }).from).toBe(today)
  })
})

describe('slot picker rules', () => {
  it('asks for the window of dates with the service, mode and equipment flag', () => {
    const request = { shopId: 's1', serviceId: 'svc', mode: '2' as const, equipment: true }
    expect(periodQuery(request, dates, '2026-11-23')).toEqual({
      shopId: 's1',
      servicesId: 'svc',
      start: '2026-11-23',
      end: '2026-11-25',
      mode: '2',
      equipment: '1',
    })
    expect(periodQuery({ ...request, equipment: false }, [], '2026-11-23')).toMatchObject({
      end: '2026-11-23',
      equipment: '0',
    })
  })

  it('gives one column of free starts per date, for anyone or the picked employee', () => {
    const starts = (employeeId: string) =>
      slotColumns(dates, period, { ...options, employeeId }).map((c) => c.map((s) => s.start))
    expect(starts('')).toEqual([[600, 660, 690], [], [600, 660, 690, 840, 870]])
    expect(starts('303')).toEqual([[], [], [840, 870]])
    const taken = slotColumns(dates, period, {
      ...options,
      takenOn: (date) => (date === '2026-11-23' ? [{ start: 660, end: 720 }] : []),
    })
    expect(taken[0]?.map((s) => s.start)).toEqual([600])
  })

  it('puts the tab stop on the selected time when visible, else on the first time', () => {
    const columns = slotColumns(dates, period, options)
    expect(rovingCell(columns, dates, { date: '2026-11-25', start: 840 })).toEqual({
      col: 2,
      row: 3,
    })
    expect(rovingCell(columns, dates, { date: '2026-12-01', start: 600 })).toEqual({
      col: 0,
      row: 0,
    })
    expect(rovingCell(columns, dates, null)).toEqual({ col: 0, row: 0 })
    expect(rovingCell([[], []], dates.slice(0, 2), null)).toBeNull()
  })

  it('tells the choice with the picked employee and name, or anyone', () => {
    const names = employeeNames(period)
    expect([...names]).toEqual([
      ['302', 'Malik'],
      ['303', 'Ana'],
    ])
    const slot = { start: 840, end: 870, employeeIds: ['303'], cabinIds: [] }
    expect(chosenSlot('2026-11-25', slot, '303', names)).toEqual({
      date: '2026-11-25',
      start: 840,
      end: 870,
      employeeId: '303',
      employeeName: 'Ana',
    })
    expect(chosenSlot('2026-11-25', slot, '', names)).toMatchObject({
      employeeId: null,
      employeeName: null,
    })
  })
})
