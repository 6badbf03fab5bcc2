import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { carts, gifts, payments } from '#server/db/schema/index.ts'
import type { TestApi } from '#server/test/harness.ts'
import {
  counts,
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
 * docs/decisions/062-visit-bound-and-list-params.md: a voucher code that cannot pay, given to
 * payment/initialize (typed at the payment step, or carried by the hold), is refused with the
 * error GET /api/gifts/check gives for it, never priced as if it were not there: another
 * company's code and a code not yet paid are 404 giftNotFound (check says the same), a spent one
 * is 409 giftUsed (check finds it, not usable). Nothing is written.
 */
let t: TestApi
let bearers: string[]
const FREE = tokenOf('free')
const OTHER = tokenOf('other')
const customer = (i: number) => bearers[i] ?? ''

beforeAll(async () => {
  t = await startPaymentApi(['free', 'other'])
  bearers = await customers(t, hostOf('free'), 6, 'vch')
  // a live voucher of the other company, one of this company not paid yet, one spent
  await voucher(t, OTHER, 'OTHERCO00001', 10_000)
  const pending = await voucher(t, FREE, 'UNPAID000001', 10_000)
  await t.db.update(gifts).set({ status: 'pending' }).where(pending)
  await voucher(t, FREE, 'SPENT0000001', 0, 5_000)
  await voucher(t, FREE, 'GOOD00000001', 1_000)
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

const slot = (time: string, giftCode?: string) => ({
  shopid: 's1',
  serviceid: 'cut',
  start: `${WEDNESDAY}T${time}`,
  end: `${WEDNESDAY}T${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}:00`,
  myAppointment: giftCode ? { giftCode } : {},
})
const init = (bearer: string, appointments: unknown[]) =>
  t.call('/api/payment/initialize', {
    company: FREE,
    bearer,
    json: { purpose: 'booking', shopId: 's1', appointments },
  })
const check = (code: string) => t.call(`/api/gifts/check/${code}`, { company: FREE })
const tables = { carts, payments }

describe('a voucher that cannot pay is refused at initialize, as /api/gifts/check refuses it', () => {
  // each case its own customer and hour (one person works mornings: booking fixtures)
  it.each([
    ["another company's code", 'OTHERCO00001', 404, 'giftNotFound', 1, '09:00'],
    ['a code not yet paid', 'UNPAID000001', 404, 'giftNotFound', 2, '10:00'],
    ['a code not yet paid, written as typed', 'unpaid-0000-01', 404, 'giftNotFound', 3, '11:00'],
    ['a spent code', 'SPENT0000001', 409, 'giftUsed', 4, '14:00'],
  ] as const)('%s (%s): %i %s, nothing written', async (_name, code, status, type, index, time) => {
    const who = customer(index)
    expect((await hold(t, FREE, who, 'cut', time)).status).toBe(200)
    const before = await counts(t, tables)
    const refused = await init(who, [slot(time, code)])
    expect(refused).toMatchObject({ status, body: { type } })
    expect(await counts(t, tables)).toEqual(before)
    // the same word as the check call: unknown there too, or found but not usable
    const checked = await check(code)
    if (status === 404) expect(checked).toMatchObject({ status: 404, body: { type } })
    else expect(checked).toMatchObject({ status: 200, body: { usable: false } })
    // without the code the same cart is priced in full and may be paid
    expect((await init(who, [slot(time)])).status).toBe(200)
  })

  it('a code carried by the hold is refused at initialize too, and a good one pays', async () => {
    const who = customer(5)
    const held = await t.call('/api/appointments', {
      company: FREE,
      bearer: who,
      json: slot('15:00', 'OTHERCO00001'),
    })
    expect(held.status).toBe(200)
    const refused = await init(who, [])
    expect(refused).toMatchObject({ status: 404, body: { type: 'giftNotFound' } })
    const [stored] = await t.db.select().from(carts).where(eq(carts.customerId, 'vch5'))
    expect(stored?.status).toBe('open')
    // the customer's own company's voucher is applied and said
    const other = customer(0)
    expect((await hold(t, FREE, other, 'cut', '16:00')).status).toBe(200)
    const paid = await init(other, [slot('16:00', 'GOOD00000001')])
    expect(paid.status).toBe(200)
    expect(paid.body).toMatchObject({ prices: { discount: { amount: 1_000 } } })
  })
})
