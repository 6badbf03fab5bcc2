import fc from 'fast-check'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Article } from '#contract/article'
import { WEEKDAYS } from '#contract/opening-hours'
import type { Resource } from '#contract/resource'
import type { Shop } from '#contract/shop'
import { formatClockTime } from '../slots/clock-time'
import {
  type CheckedResource,
  type CheckedService,
  type CheckedShop,
  catalogueWarnings,
  serviceWarnings,
} from './catalogue-checks'

const week = (start: string, end: string) =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, { status: 'pause', hours: [{ start, end }] }]))

const settings = { cuttingHours: 30, useCabinManagement: false, equipments: false }

const service = (over: Partial<CheckedService> = {}): CheckedService => ({
  id: 's1',
  duration: 60,
  booker: { cabinRequired: false, equipments: [], pricesByShops: [] },
  ...over,
})

const shop = (over: Partial<CheckedShop> = {}): CheckedShop => ({
  id: 'p1',
  articles: [{ id: 's1' }],
  booker: { active: true, shopUseCabins: false },
  openingHours: week('09:00', '18:00'),
  ...over,
})

const employee = (over: Partial<CheckedResource> = {}): CheckedResource => ({
  id: 'e1',
  shopId: 'p1',
  type: 100,
  services: [],
  equipments: [],
  workingHours: week('09:00', '18:00'),
  ...over,
})

const codes = (warnings: readonly { code: string }[]) => warnings.map((w) => w.code)

describe('serviceWarnings', () => {
  it('finds nothing to say of a service a working employee performs in an open shop', () => {
    expect(serviceWarnings(service(), [shop()], [employee()], settings)).toEqual([])
  })

  it('does not flag a service booked at the salon only: online booking off is a choice (decision 092)', () => {
    const atSalon = { ...service(), booker: { ...service().booker, onlineBooking: false } }
    expect(serviceWarnings(atSalon, [shop()], [employee()], settings)).toEqual([])
  })

  it('flags a service no shop lists, and one without minutes', () => {
    const warnings = serviceWarnings(
      service({ duration: undefined }),
      [shop({ articles: [] })],
      [],
      settings,
    )
    expect(codes(warnings)).toEqual(['noDuration', 'notOffered'])
  })

  it('flags the shop where nobody performs it, naming the shop', () => {
    const other = employee({ services: ['s2'] })
    expect(serviceWarnings(service(), [shop()], [other], settings)).toEqual([
      { code: 'noPerformer', serviceId: 's1', shopId: 'p1' },
    ])
  })

  it('does not count an employee of another shop, nor a cabin, as a performer', () => {
    const elsewhere = employee({ shopId: 'p2' })
    const cabin = employee({ id: 'c1', type: 200 })
    expect(codes(serviceWarnings(service(), [shop()], [elsewhere, cabin], settings))).toEqual([
      'noPerformer',
    ])
  })

  it('flags performers who never work while the shop is open', () => {
    const evenings = employee({ workingHours: week('18:00', '22:00') })
    expect(codes(serviceWarnings(service(), [shop()], [evenings], settings))).toEqual([
      'noWorkingHours',
    ])
  })

  it('flags a shop that opens no weekday, and one that takes no online booking', () => {
    const closed = shop({ openingHours: {}, booker: { active: false, shopUseCabins: false } })
    expect(codes(serviceWarnings(service(), [closed], [employee()], settings))).toEqual([
      'shopBookingOff',
      'shopNeverOpen',
    ])
  })

  it('flags a shop price for a shop that does not list the service', () => {
    const priced = service({
      booker: { cabinRequired: false, equipments: [], pricesByShops: [{ boutiqueId: 'p9' }] },
    })
    expect(serviceWarnings(priced, [shop()], [employee()], settings)).toEqual([
      { code: 'strayShopPrice', serviceId: 's1', shopId: 'p9' },
    ])
  })

  it('is true to the shift: too long exactly when no stretch of work holds the duration', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 600 }),
        (blocks, duration) => {
          const end = formatClockTime(8 * 60 + blocks * 30)
          const worker = employee({ workingHours: week('08:00', end) })
          const open = shop({ openingHours: week('08:00', '20:00') })
          const flagged = codes(serviceWarnings(service({ duration }), [open], [worker], settings))
          expect(flagged.includes('tooLong')).toBe(duration > blocks * 30)
        },
      ),
    )
  })

  it('asks for a cabin holding the equipment only where the company and shop use cabins', () => {
    const equipment = fc.subarray(['laser', 'bed', 'steam'])
    fc.assert(
      fc.property(
        equipment,
        fc.array(equipment, { maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        (required, cabins, companyCabins, checkEquipment) => {
          const needing = service({
            booker: { cabinRequired: true, equipments: required, pricesByShops: [] },
          })
          const rooms = cabins.map((equipments, i) =>
            employee({ id: `c${i}`, type: 200, equipments }),
          )
          const cabinShop = shop({ booker: { active: true, shopUseCabins: true } })
          const rules = {
            cuttingHours: 30,
            useCabinManagement: companyCabins,
            equipments: checkEquipment,
          }
          const flagged = codes(
            serviceWarnings(needing, [cabinShop], [employee(), ...rooms], rules),
          )
          const wanted = checkEquipment ? required : []
          const fits = cabins.some((held) => wanted.every((e) => held.includes(e)))
          expect(flagged.includes('noCabin')).toBe(companyCabins && !fits)
        },
      ),
    )
  })
})

describe('catalogueWarnings', () => {
  it('checks each service given, in order', () => {
    const both = [service(), service({ id: 's2' })]
    const warnings = catalogueWarnings(both, [shop()], [employee()], settings)
    expect(warnings).toEqual([{ code: 'notOffered', serviceId: 's2' }])
  })
})

describe('the checks read the contract as it is', () => {
  it('takes articles, shops and resources as the API answers them', () => {
    expectTypeOf<Article>().toExtend<CheckedService>()
    expectTypeOf<Shop>().toExtend<CheckedShop>()
    expectTypeOf<Resource>().toExtend<CheckedResource>()
  })
})
