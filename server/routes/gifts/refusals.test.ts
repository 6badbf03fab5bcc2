import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingOrders, gifts } from '#server/db/schema/index.ts'
import type { TestApi } from '#server/test/harness.ts'
import {
  companyIdOf,
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
 * One refusal per situation of a voucher that cannot pay (docs/product/5-rules.md#gifts), whichever
 * path meets it: pricing at initialize, or spending when the payment completes. The same answers on
 * PGlite (npm test) and PostgreSQL (CI, TEST_DATABASE_URL): a spent voucher is 409 giftUsed, an
 * expired one 409 giftExpired, an unknown one 404 giftNotFound.
 */
let t: TestApi
let bearers: string[]
const FREE = tokenOf('free')
const CUT_PRICE = 4200 // the shop's price of 'cut' at s1 (server/test/payment-tenant.ts)
const TIMES = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00']

beforeAll(async () => {
  t = await startPaymentApi(['free'])
  bearers = await customers(t, hostOf('free'), TIMES.length + 4, 'gr')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

/** Holds 'cut' at `time` for customer i and asks initialize to pay it with `code`. */
async function payWith(i: number, time: string, code: string) {
  const bearer = bearers[i] ?? ''
  expect((await hold(t, FREE, bearer, 'cut', time)).status).toBe(200)
  const [h = 0] = time.split(':').map(Number)
  const end = `${String(h + 1).padStart(2, '0')}:00`
  const appointment = {
    shopid: 's1',
    serviceid: 'cut',
    start: `${WEDNESDAY}T${time}`,
    end: `${WEDNESDAY}T${end}`,
    myAppointment: { giftCode: code },
  }
  return t.call('/api/payment/initialize', {
    company: FREE,
    bearer,
    json: { purpose: 'booking', shopId: 's1', appointments: [appointment] },
  })
}

const confirmedOrders = async (companyId: number) =>
  (
    await t.db
      .select()
      .from(bookingOrders)
      .where(and(eq(bookingOrders.companyId, companyId), eq(bookingOrders.status, 'confirmed')))
  ).length

describe('a voucher that cannot pay: one code per situation', () => {
  it('spent: 409 giftUsed when pricing meets it, nothing confirmed', async () => {
    const where = await voucher(t, FREE, 'SPENT0000001', CUT_PRICE)
    // the first booking is paid in full by the voucher (completes at initialize)
    const first = await payWith(0, TIMES[0] ?? '', 'SPENT-0000-001')
    expect(first.status).toBe(200)
    expect((await t.db.select().from(gifts).where(where))[0]?.remainingCents).toBe(0)
    const companyId = await companyIdOf(t, FREE)
    const before = await confirmedOrders(companyId)
    const again = await payWith(1, TIMES[1] ?? '', 'SPENT0000001')
    expect(again).toMatchObject({ status: 409, body: { code: 409, type: 'giftUsed' } })
    expect(await confirmedOrders(companyId)).toBe(before)
  })

  it('spent by a concurrent payment: the losers get the same 409 giftUsed', async () => {
    const where = await voucher(t, FREE, 'BURST0000001', CUT_PRICE)
    const companyId = await companyIdOf(t, FREE)
    const before = await confirmedOrders(companyId)
    // four carts, each paid in full by the one voucher, at once: whether a loser meets the
    // spent voucher while pricing (PGlite: one transaction at a time) or while spending
    // (PostgreSQL: priced before the winner spent it), the answer is the same
    const answers = await Promise.all(
      [2, 3, 4, 5].map((i) => payWith(i, TIMES[i] ?? '', 'BURST0000001')),
    )
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([200, 409, 409, 409])
    for (const loser of answers.filter((a) => a.status !== 200)) {
      expect(loser.body).toMatchObject({ code: 409, type: 'giftUsed' })
    }
    expect((await t.db.select().from(gifts).where(where))[0]?.remainingCents).toBe(0)
    expect(await confirmedOrders(companyId)).toBe(before + 1)
  })

  it('expired: 409 giftExpired; unknown or unpaid: 404 giftNotFound', async () => {
    const companyId = await companyIdOf(t, FREE)
    await t.db.insert(gifts).values([
      {
        companyId,
        code: 'OLD000000001',
        status: 'active',
        amountCents: 5000,
        remainingCents: 5000,
        recipientName: 'Léa',
        recipientEmail: 'lea@example.com',
        validUntil: '2020-01-31',
      },
      {
        companyId,
        code: 'PEND00000001',
        status: 'pending',
        amountCents: 5000,
        remainingCents: 5000,
        recipientName: 'Léa',
        recipientEmail: 'lea@example.com',
      },
    ])
    expect(await payWith(6, '15:00', 'OLD000000001')).toMatchObject({
      status: 409,
      body: { type: 'giftExpired' },
    })
    expect(await payWith(7, '16:00', 'PEND00000001')).toMatchObject({
      status: 404,
      body: { type: 'giftNotFound' },
    })
    expect(await payWith(8, '17:00', 'NOSUCHCODE01')).toMatchObject({
      status: 404,
      body: { type: 'giftNotFound' },
    })
  })
})
