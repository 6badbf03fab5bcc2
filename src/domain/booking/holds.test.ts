import { describe, expect, it } from 'vitest'
import { HOLD_REUSE_MS, heldFrom, liveRecord, parseHoldRecord, planHolds } from './holds'

const slot = (serviceId: string, start: string) => ({
  serviceId,
  start,
  end: start,
  employeeId: null,
  employeeName: null,
  shopName: '',
  timeZone: 'Europe/Paris',
})

describe('holds of the booking cart', () => {
  const record = {
    shopId: '1',
    at: 1_000,
    held: [
      { serviceId: '112', start: '2026-11-23T10:00', appointmentId: 'a1' },
      { serviceId: '113', start: '2026-11-23T12:00', appointmentId: 'a2' },
    ],
  }

  it('a record is live for its shop only, for less than the hold time', () => {
    expect(liveRecord(record, '1', 1_000 + HOLD_REUSE_MS - 1)).toBe(record)
    expect(liveRecord(record, '1', 1_000 + HOLD_REUSE_MS)).toBeNull()
    expect(liveRecord(record, '2', 1_000)).toBeNull()
    expect(liveRecord(null, '1', 1_000)).toBeNull()
  })

  it('holds what is not held yet and releases held lines no longer in the cart', () => {
    const plan = planHolds(
      [slot('112', '2026-11-23T10:00'), slot('141', '2026-11-23T15:00')],
      record,
    )
    expect(plan.toHold.map((s) => s.serviceId)).toEqual(['141'])
    expect(plan.toRelease.map((h) => h.appointmentId)).toEqual(['a2'])
    expect(planHolds([slot('112', 'x')], null)).toEqual({
      toHold: [slot('112', 'x')],
      toRelease: [],
    })
  })

  it('finds the held appointment in the booking order', () => {
    const order = { appointments: [{ id: 'z', serviceId: '112', start: '2026-11-23T10:00' }] }
    expect(heldFrom(order, { serviceId: '112', start: '2026-11-23T10:00' })).toEqual({
      serviceId: '112',
      start: '2026-11-23T10:00',
      appointmentId: 'z',
    })
    expect(heldFrom(order, { serviceId: '113', start: '2026-11-23T10:00' })).toBeNull()
  })

  it('parses stored records defensively', () => {
    expect(parseHoldRecord(JSON.stringify(record))).toEqual(record)
    expect(parseHoldRecord(JSON.stringify({ ...record, ideorder: 'B1' }))?.ideorder).toBe('B1')
    expect(parseHoldRecord('{')).toBeNull()
    expect(parseHoldRecord(null)).toBeNull()
    expect(parseHoldRecord(JSON.stringify({ shopId: 1, at: 1, held: [] }))).toBeNull()
  })
})
