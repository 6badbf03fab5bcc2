import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AvailabilityPeriod } from '#contract/availability.ts'
import {
  book,
  check,
  customers,
  period,
  setClock,
  startBookingApi,
} from '#server/test/appointments.ts'
import type { TestApi } from '#server/test/harness.ts'
import { companyRow, patchBooker } from '#server/test/orders.ts'

/**
 * The period query's checkGiftLimit for voucher bookings
 * (docs/decisions/063-last-partial-rows-of-the-api.md): booking.localhost takes at most 2 visits
 * paid with a gift voucher per day. With checkGiftLimit=1 a day that has them is left out; a
 * voucher booking of it is refused (a visit's own services count once), in bursts too; visits
 * without a voucher are not limited, and a lapsed hold gives its room back.
 */
let t: TestApi
let fresh: string[]
const NOW = '2027-04-26T12:00:00Z'
const WED = '2027-04-28'
const THU = '2027-04-29'
const week = { servicesId: 'cut', start: '2027-04-27', end: '2027-04-30' }

beforeAll(async () => {
  setClock(NOW)
  t = await startBookingApi()
  // before the first request: the company row is cached per token
  const { data } = await companyRow(t.db, 'booking.localhost')
  const booker = (data.booker ?? {}) as { appointment?: object }
  await patchBooker(t.db, 'booking.localhost', {
    appointment: { ...booker.appointment, giftLimit: 2 },
  })
  fresh = await customers(t, 'booking.localhost', 12, 'g')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

const customer = (i: number) => fresh[i] ?? ''
const cut = (start: string, giftCode?: string) => ({
  serviceid: 'cut',
  start,
  end: `${start.slice(0, 11)}${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}:00`,
  myAppointment: giftCode ? { giftCode } : {},
})
const dates = async (query: Record<string, string>) => {
  const res = await period(t, { ...week, ...query })
  expect(res.status).toBe(200)
  return res.body as AvailabilityPeriod
}

describe('checkGiftLimit', () => {
  it('leaves out a day once its voucher visits reach the limit, for voucher bookings only', async () => {
    setClock(NOW)
    expect(Object.keys(await dates({ checkGiftLimit: '1' }))).toContain(WED)
    expect((await book(t, customer(0), cut(`${WED}T09:00`, 'GIFT-A'))).status).toBe(200)
    expect(Object.keys(await dates({ checkGiftLimit: '1' }))).toContain(WED)
    expect((await book(t, customer(1), cut(`${WED}T11:00`, 'gift-b'))).status).toBe(200)

    const limited = await dates({ checkGiftLimit: '1' })
    const plain = await dates({ checkGiftLimit: '0' })
    expect(Object.keys(limited)).not.toContain(WED)
    expect(Object.keys(plain)).toContain(WED)
    // the other days are answered as without the limit
    const { [WED]: _, ...others } = plain
    expect(limited).toEqual(others)
  })

  it('refuses a voucher booking of a full day, but not a booking without voucher nor the same visit', async () => {
    setClock(NOW)
    const voucher = cut(`${WED}T14:00`, 'GIFT-C')
    expect((await check(t, voucher)).body).toEqual({ available: false, reason: 'giftLimit' })
    expect((await check(t, cut(`${WED}T14:00`))).body).toEqual({ available: true })
    const refused = await book(t, customer(2), voucher)
    expect(refused.status).toBe(409)
    expect(JSON.stringify(refused.body)).toContain('giftLimit')
    expect((await book(t, customer(2), cut(`${WED}T14:00`))).status).toBe(200)
    // customer 0's visit is one of the two: another of its services is the same visit
    expect((await book(t, customer(0), cut(`${WED}T15:00`, 'GIFT-A'))).status).toBe(200)
  })

  it('lets a burst of voucher bookings of one day take exactly the limit', async () => {
    setClock(NOW)
    const hours = ['09', '10', '11', '12', '13', '14']
    const results = await Promise.all(
      hours.map((hour, i) => book(t, customer(3 + i), cut(`${THU}T${hour}:00`, `GIFT-${i}`))),
    )
    const statuses = results.map((r) => r.status).sort()
    expect(statuses).toEqual([200, 200, 409, 409, 409, 409])
    for (const r of results.filter((x) => x.status === 409)) {
      expect(JSON.stringify(r.body)).toContain('giftLimit')
    }
    expect(Object.keys(await dates({ checkGiftLimit: '1' }))).not.toContain(THU)
  })

  it('gives the room back when the voucher holds lapse', async () => {
    setClock(new Date(Date.parse(NOW) + 20 * 60_000).toISOString())
    const limited = Object.keys(await dates({ checkGiftLimit: '1' }))
    expect(limited).toEqual(expect.arrayContaining([WED, THU]))
  })

  it('takes only 0 and 1 as the flag', async () => {
    for (const value of ['2', 'yes', '-1']) {
      const res = await period(t, { ...week, checkGiftLimit: value })
      expect(res.status, value).toBe(400)
    }
  })
})
