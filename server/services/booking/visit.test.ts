import { describe, expect, it } from 'vitest'
import { assignVisit, type ResourceDay, type ServiceNeed, visitStarts } from './visit.ts'

const open = (start: number, end: number, busy: [number, number][] = []): ResourceDay => ({
  working: [{ start, end }],
  busy: busy.map(([s, e]) => ({ start: s, end: e })),
})
const need = (
  serviceId: string,
  duration: number,
  employees: string[],
  cabins?: string[],
): ServiceNeed => ({
  serviceId,
  duration,
  employees,
  cabins,
})

describe('fitting a visit', () => {
  const days = new Map<string, ResourceDay>([
    ['ann', open(540, 720, [[600, 660]])],
    ['ben', open(600, 1080)],
    ['cab1', open(540, 1080, [[540, 600]])],
    ['cab2', open(540, 1080)],
  ])

  it('picks the first qualified free employee, and a cabin when the service needs one', () => {
    expect(assignVisit(540, [need('cut', 60, ['ann', 'ben'])], days)).toEqual([
      { serviceId: 'cut', start: 540, end: 600, employeeId: 'ann', cabinId: undefined },
    ])
    expect(
      assignVisit(600, [need('cut', 60, ['ann', 'ben'], ['cab1', 'cab2'])], days)?.[0],
    ).toMatchObject({
      employeeId: 'ben',
      cabinId: 'cab1',
    })
    expect(assignVisit(540, [need('spa', 60, ['ann'], ['cab1'])], days)).toBeUndefined()
    expect(assignVisit(540, [need('spa', 60, ['ann'], [])], days)).toBeUndefined()
  })

  it('chains services back to back and keeps the employee when it can', () => {
    const visit = assignVisit(
      660,
      [need('cut', 30, ['ann', 'ben']), need('color', 30, ['ben', 'ann'])],
      days,
    )
    expect(visit?.map((a) => [a.serviceId, a.start, a.end, a.employeeId])).toEqual([
      ['cut', 660, 690, 'ann'],
      ['color', 690, 720, 'ann'],
    ])
    // Ann stops at 12:00: the second service goes to Ben.
    const handover = assignVisit(
      690,
      [need('cut', 30, ['ann']), need('color', 30, ['ann', 'ben'])],
      days,
    )
    expect(handover?.map((a) => a.employeeId)).toEqual(['ann', 'ben'])
  })

  it('lists every start where the whole visit fits', () => {
    const starts = [540, 570, 600, 630, 660, 690]
    const found = visitStarts(starts, [need('cut', 60, ['ann'])], days).map((v) => v.start)
    expect(found).toEqual([540, 660])
  })
})
