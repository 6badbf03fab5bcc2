import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApi } from '#server/test/harness.ts'
import { patchBooker } from '#server/test/orders.ts'
import {
  customers,
  hold,
  hostOf,
  setClock,
  startPaymentApi,
  tokenOf,
  voucher,
  WEDNESDAY,
} from '#server/test/payment.ts'

/**
 * The gift limit where the storefront gives the voucher: at payment initialize
 * (docs/decisions/063-last-partial-rows-of-the-api.md). The free company takes one voucher visit
 * a day: a second visit priced with a voucher that day is refused, without a voucher it is not,
 * the first visit may initialize again, and the period query with checkGiftLimit=1 leaves the
 * day out once the first one holds it.
 */
let t: TestApi
let bearers: string[]
const FREE = tokenOf('free')

beforeAll(async () => {
  t = await startPaymentApi(['free'])
  // before the first request: the company row is cached per token
  await patchBooker(t.db, hostOf('free'), {
    appointment: { payment: { active: true }, cuttingHours: 30, giftLimit: 1 },
  })
  bearers = await customers(t, hostOf('free'), 3, 'gl')
  await voucher(t, FREE, 'LIMITA000001', 1000)
  await voucher(t, FREE, 'LIMITB000001', 1000)
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

const bearer = (i: number) => bearers[i] ?? ''
const appointment = (time: string, giftCode?: string) => ({
  shopid: 's1',
  serviceid: 'cut',
  start: `${WEDNESDAY}T${time}`,
  end: `${WEDNESDAY}T${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}:00`,
  myAppointment: giftCode ? { giftCode } : {},
})
const initialize = (i: number, time: string, giftCode?: string) =>
  t.call('/api/payment/initialize', {
    company: FREE,
    bearer: bearer(i),
    json: { purpose: 'booking', shopId: 's1', appointments: [appointment(time, giftCode)] },
  })
const days = async (checkGiftLimit: '0' | '1') => {
  const query = new URLSearchParams({
    shopId: 's1',
    servicesId: 'cut',
    start: WEDNESDAY,
    end: WEDNESDAY,
    checkGiftLimit,
  })
  const res = await t.call(`/api/appointments?${query}`, { company: FREE })
  expect(res.status).toBe(200)
  return Object.keys(res.body as object)
}

describe('gift limit at payment initialize', () => {
  it('refuses a second voucher visit of the day, not a visit paid otherwise', async () => {
    expect(await days('1')).toEqual([WEDNESDAY])
    expect((await hold(t, FREE, bearer(0), 'cut', '09:00')).status).toBe(200)
    expect((await initialize(0, '09:00', 'LIMITA000001')).status).toBe(200)
    expect(await days('1')).toEqual([])
    expect(await days('0')).toEqual([WEDNESDAY])

    expect((await hold(t, FREE, bearer(1), 'cut', '10:00')).status).toBe(200)
    const refused = await initialize(1, '10:00', 'LIMITB000001')
    expect(refused).toMatchObject({ status: 409, body: { type: 'slotUnavailable' } })
    expect(JSON.stringify(refused.body)).toContain('giftLimit')
    expect((await initialize(1, '10:00')).status).toBe(200)
  })

  it('lets the visit that holds the room initialize again with its voucher', async () => {
    expect((await initialize(0, '09:00', 'LIMITA000001')).status).toBe(200)
  })
})
