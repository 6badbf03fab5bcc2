import { describe, expect, it } from 'vitest'
import { WEEKDAYS } from '#contract/opening-hours'
import type { CheckedResource, CheckedShop } from './catalogue-checks'
import { shopGaps } from './shop-gaps'

const week = (start: string, end: string) =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, { status: 'pause', hours: [{ start, end }] }]))

const ready: CheckedShop = {
  id: 'p1',
  articles: [{ id: 's1' }],
  booker: { active: true, shopUseCabins: false },
  openingHours: week('09:00', '18:00'),
}
const employee: CheckedResource = {
  id: 'e1',
  shopId: 'p1',
  type: 100,
  services: [],
  equipments: [],
  workingHours: week('09:00', '18:00'),
}
const cabin: CheckedResource = { ...employee, id: 'c1', type: 200 }

describe('shopGaps', () => {
  it('a new shop lacks everything: booking, hours, staff and services', () => {
    const created: CheckedShop = {
      id: 'p2',
      articles: [],
      booker: { active: false, shopUseCabins: false },
      openingHours: {},
    }
    expect(shopGaps(created, [employee], 30)).toEqual([
      'bookingOff',
      'neverOpen',
      'noStaff',
      'noServices',
    ])
  })

  it('a shop with hours, a working employee and services lacks nothing', () => {
    expect(shopGaps(ready, [employee], 30)).toEqual([])
  })

  it('a cabin is no staff; staff who never work while it is open are said so', () => {
    expect(shopGaps(ready, [cabin], 30)).toEqual(['noStaff'])
    const evenings = { ...employee, workingHours: week('19:00', '22:00') }
    expect(shopGaps(ready, [evenings], 30)).toEqual(['noWorkingHours'])
    expect(shopGaps({ ...ready, openingHours: {} }, [evenings], 30)).toEqual(['neverOpen'])
  })
})
