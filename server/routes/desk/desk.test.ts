import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointments, bookingOrderHistory, notifications } from '#server/db/schema/index.ts'
import {
  book,
  bookingFixtures,
  COMPANY,
  customers,
  period,
  setClock,
} from '#server/test/appointments.ts'
import { desk, staffBearer } from '#server/test/desk.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { readMessages } from '#server/test/messages.ts'

/**
 * The studio's desk (docs/decisions/077-desk-booking.md) on the booking fixtures (payment on,
 * Europe/Paris), with a long availability cache: only the desk's own invalidation can make the
 * site see a slot it booked. The owner (a company user linked to no shop) books, moves, cancels.
 */
const NOW = '2027-04-26T12:00:00Z'
const DAY = '2027-04-29'
type Span = { start: string; end: string }
type Days = Record<string, { m_tabres: { m_id: string; m_event: Span[] }[] }>
type Order = {
  id: string
  ideorder: string
  status: string
  bookerOrigin?: string
  customerId: string
  appointments: { employeeId?: string; start: string }[]
  statusHistory: { status: string; by?: string; movedFrom?: string }[]
  bill: { payment: string; total: { amount: number } }
}

let t: TestApi
let owner: string
let site: string[] = []

beforeAll(async () => {
  setClock(NOW)
  t = await startTestApi({ seedFrom: bookingFixtures, config: { availabilityCacheMs: 600_000 } })
  owner = await staffBearer(t, 'booking.localhost', 'desk-owner')
  site = await customers(t, 'booking.localhost', 3, 'site')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

/** The hours (HH:MM, on the hour) the site's availability answer shows taken for the employee. */
const busy = async (day: string, employee: string) => {
  const answer = await period(t, { servicesId: 'cut', start: day, end: day })
  expect(answer.status).toBe(200)
  const column = (answer.body as Days)[day]?.m_tabres.find((e) => e.m_id === employee)
  const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`)
  return hours.filter((h) => (column?.m_event ?? []).some((e) => e.start <= h && h < e.end))
}
const cut = (day: string, hour: string, resourceId?: string) => ({
  serviceId: 'cut',
  start: `${day}T${hour}`,
  end: `${day}T${String(Number(hour.slice(0, 2)) + 1).padStart(2, '0')}:00`,
  ...(resourceId ? { resourceId } : {}),
})
const PHONE_CUSTOMER = {
  firstname: 'Nina',
  lastname: 'Morel',
  phone: '06 11 22 33 44',
  email: 'nina@example.com',
}

describe('desk booking', () => {
  let booked: Order
  it('books a new phone customer, confirmed and due at the shop; the site no longer offers it', async () => {
    expect(await busy(DAY, 'alice')).not.toContain('10:00')
    const res = await desk(t, owner, '/bookingOrder/desk', {
      shopId: 's1',
      newCustomer: PHONE_CUSTOMER,
      slots: [cut(DAY, '10:00', 'alice'), cut(DAY, '11:00', 'alice')],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    booked = res.body as Order
    expect(booked).toMatchObject({ status: 'confirmed', bookerOrigin: 'desk' })
    expect(booked.bill.payment).toBe('dueAtShop')
    expect(booked.appointments.map((a) => [a.employeeId, a.start])).toEqual([
      ['alice', `${DAY}T10:00`],
      ['alice', `${DAY}T11:00`],
    ])
    expect(booked.statusHistory.at(-1)).toMatchObject({ status: 'confirmed', by: 'desk-owner' })
    // the cached day was forgotten: the site's next answer shows both hours taken
    expect(await busy(DAY, 'alice')).toEqual(expect.arrayContaining(['10:00', '11:00']))
  })

  it('sends the consent form a booked service asks for, as a confirmation on the site does', async () => {
    const form = { serviceId: 'cut', texts: { fr: { title: 'Consentement', body: 'Je consens.' } } }
    const written = await t.call('/api/consentements', {
      company: COMPANY,
      bearer: owner,
      method: 'POST',
      json: form,
    })
    expect(written.status, JSON.stringify(written.body)).toBe(200)
    const res = await desk(t, owner, '/bookingOrder/desk', {
      shopId: 's1',
      newCustomer: { ...PHONE_CUSTOMER, phone: '06 55 66 77 88', email: 'ines@example.com' },
      slots: [cut('2027-04-30', '15:00', 'alice')],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const mails = await readMessages(t, eq(notifications.recipient, 'ines@example.com'))
    expect(mails.map((mail) => mail.template?.kind)).toContain('consent-request')
  })

  it('refuses to book a customer who is booking at that shop online: their cart stays theirs', async () => {
    const held = await book(t, site[2] ?? '', {
      serviceid: 'cut',
      start: '2027-04-28T09:00',
      end: '2027-04-28T10:00',
    })
    expect(held.status, JSON.stringify(held.body)).toBe(200)
    const res = await desk(t, owner, '/bookingOrder/desk', {
      shopId: 's1',
      customerId: 'site2',
      slots: [cut('2027-04-28', '14:00', 'alice')],
    })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ type: 'customerCartOpen' })
    const rows = await t.db.select().from(appointments).where(eq(appointments.customerId, 'site2'))
    expect(rows.map((row) => [row.status, row.localStart])).toEqual([['hold', '2027-04-28T09:00']])
  })

  it('leaves the amount due at the shop, which the desk payment settles', async () => {
    const res = await t.call('/api/payment/at-shop', {
      company: COMPANY,
      bearer: owner,
      json: { orderId: booked.id, amount: booked.bill.total.amount },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const order = await t.call(`/bookingOrder/ideorder?ideorder=${booked.ideorder}`, {
      bearer: owner,
    })
    expect(order.body).toMatchObject({ bill: { payment: 'paid' } })
  })

  it('finds an existing customer by id, and refuses a taken slot and a second customer with that phone', async () => {
    const taken = await desk(t, owner, '/bookingOrder/desk', {
      shopId: 's1',
      customerId: 'site0',
      slots: [cut(DAY, '10:00', 'alice')],
    })
    expect(taken.status).toBe(409)
    const twin = await desk(t, owner, '/bookingOrder/desk', {
      shopId: 's1',
      newCustomer: { ...PHONE_CUSTOMER, email: 'other@example.com' },
      slots: [cut(DAY, '15:00', 'alice')],
    })
    expect(twin.status).toBe(409)
    expect(twin.body).toMatchObject({ code: 409 })
    // the refused booking wrote nothing: 15:00 is still free
    expect(await busy(DAY, 'alice')).not.toContain('15:00')
    const ok = await desk(t, owner, '/bookingOrder/desk', {
      shopId: 's1',
      customerId: 'site0',
      slots: [cut(DAY, '15:00', 'bruno')],
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect((ok.body as Order).customerId).toBe('site0')
  })

  it('moves a visit (history names who), refuses a taken slot with 409 and keeps it', async () => {
    const moved = await desk(
      t,
      owner,
      '/bookingOrder/move',
      { ideorder: booked.ideorder, start: `${DAY}T13:00`, resourceId: 'bruno' },
      'PUT',
    )
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    const order = moved.body as Order
    expect(order.appointments.map((a) => [a.employeeId, a.start])).toEqual([
      ['bruno', `${DAY}T13:00`],
      ['bruno', `${DAY}T14:00`],
    ])
    expect(order.statusHistory.at(-1)).toMatchObject({
      by: 'desk-owner',
      movedFrom: `${DAY}T10:00`,
    })
    expect(await busy(DAY, 'alice')).not.toContain('10:00')
    expect(await busy(DAY, 'bruno')).toEqual(expect.arrayContaining(['13:00', '14:00']))
    // bruno's 15:00 is taken: a move onto it is refused and the visit stays where it was
    const refused = await desk(
      t,
      owner,
      '/bookingOrder/move',
      { ideorder: booked.ideorder, start: `${DAY}T14:00` },
      'PUT',
    )
    expect(refused.status).toBe(409)
    const live = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.employeeId, 'bruno'), ne(appointments.status, 'cancelled')))
    expect(live.map((a) => a.localStart).sort()).toEqual([
      `${DAY}T13:00`,
      `${DAY}T14:00`,
      `${DAY}T15:00`,
    ])
  })

  it('cancels with the policy as the customer has it, recorded as the company user', async () => {
    const res = await desk(t, owner, '/bookingOrder/cancel', { ideorder: booked.ideorder }, 'PUT')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    // paid at the shop before: the default policy gives it back (the free provider's refund)
    expect(res.body).toMatchObject({
      order: { status: 'refunded' },
      given: { kind: 'refund', amount: { amount: booked.bill.total.amount } },
    })
    const history = await t.db
      .select()
      .from(bookingOrderHistory)
      .where(eq(bookingOrderHistory.status, 'cancelled'))
    expect(history.map((h) => h.by)).toContain('desk-owner')
    expect(await busy(DAY, 'bruno')).not.toContain('13:00')
  })

  it('lets the owner override a policy that refuses: past the deadline, nothing given', async () => {
    const soon = '2027-04-27'
    const made = await desk(t, owner, '/bookingOrder/desk', {
      shopId: 's1',
      customerId: 'site1',
      slots: [cut(soon, '09:00', 'alice')],
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const { ideorder } = made.body as Order
    // the default policy's deadline (hours before the visit) has passed 21 hours before it
    const byPolicy = await desk(t, owner, '/bookingOrder/cancel', { ideorder }, 'PUT')
    expect(byPolicy.status).toBe(409)
    expect(byPolicy.body).toMatchObject({ message: expect.stringContaining('deadline') })
    const overridden = await desk(
      t,
      owner,
      '/bookingOrder/cancel',
      { ideorder, override: 'none' },
      'PUT',
    )
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200)
    expect(overridden.body).toMatchObject({ order: { status: 'cancelled' } })
  })
})

describe('the desk against the site for one slot', () => {
  const ROUNDS = process.env.TEST_DATABASE_URL ? 3 : 1
  const EACH = 20
  it(`${EACH} site holds and ${EACH} desk bookings from several addresses: one booking, ${ROUNDS} round(s)`, async () => {
    const bearers = await customers(t, 'booking.localhost', EACH, 'race')
    for (let round = 0; round < ROUNDS; round++) {
      // Sundays: only Alice works (9-13), so each round's 10:00 is one slot
      const day = new Date(Date.parse('2027-05-02T00:00:00Z') + round * 7 * 86_400_000)
        .toISOString()
        .slice(0, 10)
      const from = (i: number) => ({ 'x-forwarded-for': `203.0.113.${(i % 5) + 1}` })
      const siteHolds = bearers.map((bearer, i) =>
        t.call('/api/appointments/cart', {
          company: COMPANY,
          bearer,
          method: 'PUT',
          headers: from(i),
          json: {
            shopId: 's1',
            slots: [
              { serviceid: 'cut', start: `${day}T10:00`, end: `${day}T11:00`, myAppointment: {} },
            ],
          },
        }),
      )
      const deskBookings = Array.from({ length: EACH }, (_, i) =>
        t.call('/bookingOrder/desk', {
          bearer: owner,
          headers: from(i + 2),
          json: { shopId: 's1', customerId: `race${i}`, slots: [cut(day, '10:00', 'alice')] },
        }),
      )
      const answers = await Promise.all([...siteHolds, ...deskBookings])
      const statuses = answers.map((a) => a.status)
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}`,
      ).toHaveLength(1)
      expect(
        statuses.filter((s) => s === 409),
        `round ${round}`,
      ).toHaveLength(2 * EACH - 1)
      const live = await t.db
        .select()
        .from(appointments)
        .where(
          and(eq(appointments.localStart, `${day}T10:00`), ne(appointments.status, 'cancelled')),
        )
      expect(live, `round ${round}`).toHaveLength(1)
    }
  }, 300_000)
})
