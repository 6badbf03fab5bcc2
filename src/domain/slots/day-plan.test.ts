import { describe, expect, it } from 'vitest'
import { planDay } from './day-plan'

const pause = {
  status: 'pause',
  hours: [
    { start: '09:00', end: '12:00' },
    { start: '14:00', end: '18:00' },
  ],
}
const day = (start: string, end: string) => ({ status: 'day', hours: [{ start, end }] })

describe('a day plan (docs/product/5-rules.md blocks)', () => {
  it("the shop's pause closes the break; starts are the open blocks' starts", () => {
    const plan = planDay({
      date: '2027-04-27',
      shopDay: pause,
      employees: [],
      cuttingHours: 30,
      notBefore: 0,
    })
    expect(plan?.shopOpen).toEqual([
      { start: 540, end: 720 },
      { start: 840, end: 1080 },
    ])
    expect(plan?.starts).toHaveLength(6 + 8)
    expect(plan?.starts).not.toContain(720)
  })

  it('employees work inside the shop hours, on the shop grid; an employee off that day is absent', () => {
    const plan = planDay({
      date: '2027-04-28',
      shopDay: day('09:00', '18:00'),
      employees: [
        { id: 'late', day: day('11:15', '20:00') },
        { id: 'off', day: { status: 'closed', hours: [] } },
        { id: 'none', day: undefined },
      ],
      cuttingHours: 30,
      notBefore: 0,
    })
    // 11:15 is not on the shop's 30-minute grid from 09:00: the first whole block is 11:30.
    expect(plan?.employees.get('late')).toEqual([{ start: 690, end: 1080 }])
    expect([...(plan?.employees.keys() ?? [])]).toEqual(['late'])
  })

  it('an employee on a pause day loses their own break too', () => {
    const plan = planDay({
      date: '2027-04-28',
      shopDay: day('09:00', '18:00'),
      employees: [
        {
          id: 'a',
          day: {
            status: 'pause',
            hours: [
              { start: '09:00', end: '13:00' },
              { start: '13:30', end: '18:00' },
            ],
          },
        },
      ],
      cuttingHours: 30,
      notBefore: 0,
    })
    expect(plan?.employees.get('a')).toEqual([
      { start: 540, end: 780 },
      { start: 810, end: 1080 },
    ])
  })

  it('today starts at the first block of the grid after now; a day with nothing left, or closed, has no plan', () => {
    const today = planDay({
      date: 'd',
      shopDay: day('09:00', '12:00'),
      employees: [],
      cuttingHours: 30,
      notBefore: 601,
    })
    expect(today?.starts).toEqual([630, 660, 690])
    // 10:01: the hours the islands step through start on the grid, at 10:30 (a hold must)
    expect(today?.shopOpen).toEqual([{ start: 630, end: 720 }])
    expect(
      planDay({
        date: 'd',
        shopDay: day('09:00', '12:00'),
        employees: [],
        cuttingHours: 30,
        notBefore: 720,
      }),
    ).toBeUndefined()
    expect(
      planDay({
        date: 'd',
        shopDay: { status: 'closed', hours: [] },
        employees: [],
        cuttingHours: 30,
        notBefore: 0,
      }),
    ).toBeUndefined()
    expect(
      planDay({ date: 'd', shopDay: undefined, employees: [], cuttingHours: 30, notBefore: 0 }),
    ).toBeUndefined()
  })

  it('honours cuttingHours', () => {
    const plan = planDay({
      date: 'd',
      shopDay: day('10:00', '11:00'),
      employees: [],
      cuttingHours: 15,
      notBefore: 0,
    })
    expect(plan?.starts).toEqual([600, 615, 630, 645])
  })
})
