import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingOrder } from '#contract/booking-order.ts'
import { appointmentClaims, appointments, carts, companies } from '#server/db/schema/index.ts'
import {
  book,
  COMPANY,
  check,
  customers,
  period,
  setClock,
  startBookingApi,
} from '#server/test/appointments.ts'
import type { TestApi } from '#server/test/harness.ts'
import { type Counter, countStatements } from '#server/test/statements.ts'

let t: TestApi
let bearers: string[]
const DAY = '2027-04-29'

beforeAll(async () => {
  setClock('2027-04-26T12:00:00Z')
  t = await startBookingApi()
  bearers = await customers(t, 'booking.localhost', 2, 'count')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

async function watching(work: () => Promise<{ status: number }>, status = 200): Promise<Counter> {
  const counter = countStatements(t)
  try {
    expect((await work()).status).toBe(status)
  } finally {
    counter.stop()
  }
  return counter
}

const counting = async (work: () => Promise<{ status: number }>, status = 200) =>
  (await watching(work, status)).count

describe('statements per booking call', () => {
  it('a week read twice, or for another service of the shop, costs no statement the second time', async () => {
    const week = { start: '2027-04-26', end: '2027-05-02' }
    const cold = await counting(() => period(t, { servicesId: 'cut', ...week }))
    expect(cold).toBeGreaterThan(0)
    const texts = async (work: () => Promise<{ status: number }>) =>
      (await watching(work)).seen.map((s) => s.text)
    expect(await texts(() => period(t, { servicesId: 'cut', ...week }))).toEqual([])
    expect(await texts(() => period(t, { servicesId: 'color', ...week }))).toEqual([])
  })

  it('a hold costs two statements: the bearer, then one call that locks and writes (decision 045)', async () => {
    const statements = await counting(() =>
      book(t, bearers[0] ?? '', {
        serviceid: 'cut',
        start: `${DAY}T09:00`,
        end: `${DAY}T10:00`,
        myAppointment: { employeeId: 'alice' },
      }),
    )
    // 24 before decision 041 (2026-11-26): open cart, claims, cart, limits, three inserts for a
    // new cart, appointment, claims, hold clock and totals each apart, and six for the order
    // view; five after it (bearer, BEGIN, locks, the hold statement, COMMIT). Now the locks,
    // the conflict check, the limits, every write and the order view are one call, its own
    // transaction; the company and the shop's day come from the cache (read by the test above).
    expect(statements).toBe(2)
  })

  it('the same customer’s next hold is one statement: this instance knows the session (decision 046)', async () => {
    await period(t, { servicesId: 'cut', start: DAY, end: DAY })
    const next = { serviceid: 'cut', start: `${DAY}T10:00`, end: `${DAY}T11:00` }
    const statements = await counting(() =>
      book(t, bearers[0] ?? '', { ...next, myAppointment: { employeeId: 'alice' } }),
    )
    expect(statements).toBe(1)
  })

  it('a slot that live claims take is refused after one read of the claims, without locks (decision 045)', async () => {
    const week = { servicesId: 'cut', start: DAY, end: DAY }
    await period(t, week)
    const taken = { serviceid: 'cut', start: `${DAY}T09:00`, end: `${DAY}T10:00` }
    const asked = { ...taken, myAppointment: { employeeId: 'alice' } }
    // the cached day knows alice is held at 09:00 (the test above): the bearer, then the read
    expect(await counting(() => book(t, bearers[1] ?? '', asked), 409)).toBe(2)
  })

  it('a check reads the shop’s day as the answers do: none when it is cached, else one statement prepared once (decision 051)', async () => {
    await period(t, { servicesId: 'cut', start: DAY, end: DAY })
    const slot = { serviceid: 'cut', start: `${DAY}T15:00`, end: `${DAY}T16:00` }
    for (const myAppointment of [{}, { employeeId: 'alice' }]) {
      expect(await counting(() => check(t, { ...slot, myAppointment }))).toBe(0)
    }
    // a day nobody asked for: the shop's claims of that day, the statement availability loads
    // days with, and then it is cached for the next check and the next answer
    const later = { serviceid: 'cut', start: '2027-05-06T15:00', end: '2027-05-06T16:00' }
    const { seen } = await watching(() => check(t, { ...later, myAppointment: {} }))
    expect(seen).toHaveLength(1)
    if (process.env.TEST_DATABASE_URL) expect(seen[0]?.name).toBe('shop_claims')
    expect(await counting(() => check(t, { ...later, myAppointment: {} }))).toBe(0)
  })

  it('a choice the cached day got wrong is made again from the claims read now: three statements, no transaction', async () => {
    await period(t, { servicesId: 'cut', start: DAY, end: DAY })
    // alice's 11:00 taken behind the API's back: its cached day still says she is free
    const [company] = await t.db.select().from(companies).where(eq(companies.token, COMPANY))
    const companyId = company?.id ?? 0
    const at = (hour: number) => new Date(`${DAY}T${hour}:00:00+02:00`)
    await t.db.insert(carts).values({ companyId, id: 'outside', shopId: 's1', purpose: 'booking' })
    const visit = {
      companyId,
      shopId: 's1',
      status: 'confirmed' as const,
      startsAt: at(11),
      endsAt: at(12),
    }
    await t.db.insert(appointments).values({
      ...visit,
      id: 'outside',
      cartId: 'outside',
      serviceId: 'cut',
      employeeId: 'alice',
      localStart: `${DAY}T11:00`,
      localEnd: `${DAY}T12:00`,
      timeZone: 'Europe/Paris',
      priceCents: 3000,
    })
    await t.db.insert(appointmentClaims).values({
      ...visit,
      appointmentId: 'outside',
      resourceId: 'alice',
      resourceKind: 'employee',
    })
    let answer: { status: number; body: unknown } = { status: 0, body: null }
    const anyone = {
      serviceid: 'cut',
      start: `${DAY}T11:00`,
      end: `${DAY}T12:00`,
      myAppointment: {},
    }
    const statements = await counting(async () => {
      answer = await book(t, bearers[1] ?? '', anyone)
      return answer
    })
    // the call on alice, which writes nothing; the claims; the call on bruno (the session is
    // known since the test above)
    expect(statements).toBe(3)
    const order = bookingOrder.parse(answer.body)
    expect(order.appointments.map((a) => a.employeeId)).toEqual(['bruno'])
  })
})
