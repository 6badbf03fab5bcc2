import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitlistEntry } from '#contract/waitlist.ts'
import {
  appointmentClaims,
  appointments,
  companies,
  notifications,
  waitlistEntries,
  waitlistFreed,
} from '#server/db/schema/index.ts'
import { offerFreedSlots, processFreed, waitlistSweep } from '#server/services/waitlist/index.ts'
import { customers, setClock } from '#server/test/appointments.ts'
import type { TestApi } from '#server/test/harness.ts'
import { readMessages } from '#server/test/messages.ts'
import {
  bookCut,
  DAY,
  entriesOf,
  joinLine,
  NO_WAIT,
  NOW,
  payBookingCart,
  startWaitlistApi,
  WAIT,
  WAIT_HOST,
} from '#server/test/waitlist.ts'

/**
 * The waitlist of a full day (docs/decisions/040-waitlist.md) through the real API: joining and
 * its refusals, offers made when a cancellation frees a slot, lapsing to the next in line, and
 * races. Each scenario fills the day again with fresh customers.
 */
let t: TestApi
let bearers: string[]
let companyId: number
const ids = (i: number) => `w${i}`
const bearer = (i: number) => bearers[i] ?? ''
const later = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString()

beforeAll(async () => {
  t = await startWaitlistApi()
  bearers = await customers(t, WAIT_HOST, 40, 'w')
  const [row] = await t.db.select().from(companies).where(eq(companies.token, WAIT))
  companyId = row?.id ?? 0
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

/** The customer's current entry for DAY (the latest). */
async function entryOf(i: number) {
  const rows = await entriesOf(t, ids(i))
  return rows.sort((a, b) => b.position - a.position)[0]
}

async function offerMailsTo(i: number) {
  return readMessages(
    t,
    and(
      eq(notifications.recipient, `${ids(i)}@example.com`),
      like(notifications.body, '%/profile/waitlist#%'),
    ),
  )
}

/** Cancels through the customer's own DELETE /api/appointments (a path through cancelAppointments). */
async function cancel(i: number, cartId: string) {
  const [row] = await t.db.select().from(appointments).where(eq(appointments.cartId, cartId))
  const response = await t.call(`/api/appointments?appointmentId=${row?.id ?? ''}`, {
    method: 'DELETE',
    company: WAIT,
    bearer: bearer(i),
  })
  expect(response.status).toBe(200)
}

/** Empties the line and the day between scenarios: every earlier booking and entry ends. */
async function reset() {
  setClock(NOW)
  await t.db.update(waitlistEntries).set({ state: 'left' })
  await t.db.update(waitlistFreed).set({ processedAt: new Date() })
  const live = await t.db.select().from(appointments)
  for (const row of live) {
    if (row.status !== 'cancelled') {
      await t.db
        .update(appointments)
        .set({ status: 'cancelled' })
        .where(eq(appointments.id, row.id))
    }
  }
  // claims mirror the appointments: the slot must be free for the next scenario's bookings
  await t.db.update(appointmentClaims).set({ status: 'cancelled' })
}

describe('joining the waitlist', () => {
  it('refuses a day that has free slots, then accepts it once full; a second entry is refused', async () => {
    await reset()
    const open = await joinLine(t, bearer(0), {})
    expect(open).toMatchObject({ status: 409, body: { type: 'waitlistDayHasSlots' } })
    await bookCut(t, bearer(1), '09:00')
    await bookCut(t, bearer(2), '10:00')
    const joined = await joinLine(t, bearer(0), { from: '09:00', to: '12:00', locale: 'en' })
    expect(joined.status).toBe(200)
    const entry = waitlistEntry.parse(joined.body)
    expect(entry).toMatchObject({
      shopId: 's1',
      servicesId: ['cut'],
      day: DAY,
      from: '09:00',
      to: '12:00',
      state: 'waiting',
      offer: null,
    })
    expect(await joinLine(t, bearer(0), {})).toMatchObject({
      status: 409,
      body: { type: 'waitlistDuplicate' },
    })
    const listed = await t.call('/api/waitlist', { company: WAIT, bearer: bearer(0) })
    expect(listed).toMatchObject({ status: 200, body: [{ id: entry.id, state: 'waiting' }] })
  })

  it('refuses without a session, a past day, a closed day, a short window and services the shop does not perform', async () => {
    expect((await joinLine(t, undefined, {})).status).toBe(401)
    expect(await joinLine(t, bearer(3), { day: '2027-04-21' })).toMatchObject({
      status: 400,
      body: { type: 'waitlistPastDay' },
    })
    expect(await joinLine(t, bearer(3), { day: '2027-04-29' })).toMatchObject({
      status: 409,
      body: { type: 'waitlistClosedDay' },
    })
    expect(await joinLine(t, bearer(3), { from: '09:00', to: '09:30' })).toMatchObject({
      status: 400,
      body: { type: 'waitlistWindow' },
    })
    expect(await joinLine(t, bearer(3), { servicesId: ['color'] })).toMatchObject({ status: 404 })
    expect(await joinLine(t, bearer(3), { shopId: 's9' })).toMatchObject({ status: 404 })
    expect(await joinLine(t, bearer(3), { from: '9h' })).toMatchObject({ status: 400 })
    expect(await entriesOf(t, ids(3))).toEqual([])
    // a company without a waitlist refuses every join
    const [other] = await customers(t, 'nowait.localhost', 1, 'n')
    const off = await t.call('/api/waitlist', {
      company: NO_WAIT,
      bearer: other ?? '',
      json: { shopId: 's1', servicesId: ['cut'], day: DAY, from: '09:00', to: '11:00' },
    })
    expect(off).toMatchObject({ status: 403, body: { type: 'waitlistOff' } })
  })

  it('fifty joins at once of one customer make one entry', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => joinLine(t, bearer(4), {})))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true)
    expect(await entriesOf(t, ids(4))).toHaveLength(1)
  })
})

describe('offers', () => {
  it('a cancellation offers the slot to the first in line whose window fits, held and mailed; the link books it', async () => {
    await reset()
    const early = await bookCut(t, bearer(5), '09:00')
    await bookCut(t, bearer(6), '10:00')
    // 7 waits for the afternoon only, 8 for the morning: 8 gets the 09:00 slot
    expect((await joinLine(t, bearer(7), { from: '10:30', to: '11:00' })).status).toBe(400)
    expect((await joinLine(t, bearer(7), { from: '10:00', to: '11:00' })).status).toBe(200)
    expect(
      (await joinLine(t, bearer(8), { from: '09:00', to: '10:00', locale: 'en' })).status,
    ).toBe(200)
    await cancel(5, early)
    // the wake-up job makes the offer within seconds; processing again changes nothing
    await expect.poll(async () => (await entryOf(8))?.state, { timeout: 20_000 }).toBe('offered')
    await processFreed(t.db)
    expect((await entryOf(7))?.state).toBe('waiting')
    const offered = await entryOf(8)
    expect(offered).toMatchObject({ offerStart: `${DAY}T09:00` })
    expect(offered?.offerExpiresAt?.toISOString()).toBe(later(15))
    const held = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.cartId, offered?.offerCartId ?? ''))
    expect(held.map((a) => [a.status, a.customerId, a.localStart])).toEqual([
      ['hold', ids(8), `${DAY}T09:00`],
    ])
    const mails = await offerMailsTo(8)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('Wait Spa: a slot has freed up for you')
    const token = mails[0]?.body.match(/\/en\/profile\/waitlist#([\w-]+)/)?.[1] ?? ''
    expect(token.length).toBeGreaterThan(20)
    expect(mails[0]?.body).toContain('https://wait.example/en/profile/waitlist#')
    // the database never holds the token
    const [stored] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, mails[0]?.id ?? 0))
    expect(stored?.body).not.toContain(token)

    // the link: someone else's session cannot use it; the customer's gives the held order
    const foreign = await t.call('/api/waitlist/offer', {
      company: WAIT,
      bearer: bearer(7),
      json: { token },
    })
    expect(foreign).toMatchObject({ status: 410, body: { type: 'waitlistOfferGone' } })
    const opened = await t.call('/api/waitlist/offer', {
      company: WAIT,
      bearer: bearer(8),
      json: { token },
    })
    expect(opened).toMatchObject({
      status: 200,
      body: { status: 'held', entry: { state: 'offered', offer: { start: `${DAY}T09:00` } } },
    })
    // paid through the normal path (free provider): booked
    const cartId = await payBookingCart(t, bearer(8))
    expect(cartId).toBe(offered?.offerCartId)
    const listed = await t.call('/api/waitlist', { company: WAIT, bearer: bearer(8) })
    expect(listed).toMatchObject({ status: 200, body: [{ state: 'booked', offer: null }] })
    const again = await t.call('/api/waitlist/offer', {
      company: WAIT,
      bearer: bearer(8),
      json: { token },
    })
    expect(again.status).toBe(410)
  })

  it('an offer that lapses passes the slot to the next customer in line', async () => {
    await reset()
    const early = await bookCut(t, bearer(10), '09:00')
    await bookCut(t, bearer(11), '10:00')
    expect((await joinLine(t, bearer(12), {})).status).toBe(200)
    expect((await joinLine(t, bearer(13), {})).status).toBe(200)
    await cancel(10, early)
    await processFreed(t.db)
    expect((await entryOf(12))?.state).toBe('offered')
    expect((await entryOf(13))?.state).toBe('waiting')
    // 14 minutes on: still 12's
    setClock(later(14))
    await waitlistSweep(t.db)
    expect((await entryOf(12))?.state).toBe('offered')
    // past the 15 minutes: 12's offer lapses, 13 gets the slot
    setClock(later(16))
    await waitlistSweep(t.db)
    expect((await entryOf(12))?.state).toBe('lapsed')
    const next = await entryOf(13)
    expect(next).toMatchObject({ state: 'offered', offerStart: `${DAY}T09:00` })
    expect(next?.offerExpiresAt?.toISOString()).toBe(later(16 + 15))
    expect(await offerMailsTo(13)).toHaveLength(1)
    // 12 is never offered again
    await waitlistSweep(t.db)
    expect(await offerMailsTo(12)).toHaveLength(1)
    const live = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.localStart, `${DAY}T09:00`), eq(appointments.status, 'hold')))
    expect(live.filter((a) => (a.expiresAt?.getTime() ?? 0) > Date.parse(later(16)))).toHaveLength(
      1,
    )
  })

  it('two freed slots never go to the same customer', async () => {
    await reset()
    const first = await bookCut(t, bearer(15), '09:00')
    const second = await bookCut(t, bearer(16), '10:00')
    expect((await joinLine(t, bearer(17), {})).status).toBe(200)
    expect((await joinLine(t, bearer(18), {})).status).toBe(200)
    await cancel(15, first)
    await cancel(16, second)
    await processFreed(t.db)
    await processFreed(t.db)
    expect(await offerMailsTo(17)).toHaveLength(1)
    expect(await offerMailsTo(18)).toHaveLength(1)
    const a = await entryOf(17)
    const b = await entryOf(18)
    expect(new Set([a?.offerStart, b?.offerStart])).toEqual(
      new Set([`${DAY}T09:00`, `${DAY}T10:00`]),
    )
    const holds = await t.db.select().from(appointments).where(eq(appointments.status, 'hold'))
    expect(holds.filter((h) => h.customerId === ids(17))).toHaveLength(1)
  })

  it('a burst of wake-ups for one freed slot makes one offer', async () => {
    await reset()
    const early = await bookCut(t, bearer(20), '09:00')
    await bookCut(t, bearer(21), '10:00')
    for (const i of [22, 23, 24]) expect((await joinLine(t, bearer(i), {})).status).toBe(200)
    await cancel(20, early)
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId))
    if (!company) throw new Error('no company')
    await Promise.all([
      ...Array.from({ length: 25 }, () => processFreed(t.db)),
      ...Array.from({ length: 25 }, () => offerFreedSlots(t.db, company, 's1', DAY)),
    ])
    const states = await Promise.all([22, 23, 24].map(async (i) => (await entryOf(i))?.state))
    expect(states).toEqual(['offered', 'waiting', 'waiting'])
    expect(await offerMailsTo(22)).toHaveLength(1)
    const holds = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.status, 'hold'), eq(appointments.localStart, `${DAY}T09:00`)))
    expect(holds).toHaveLength(1)
  })

  it('leaving an offered entry releases its slot to the next in line; entries lapse after their day', async () => {
    await reset()
    const early = await bookCut(t, bearer(25), '09:00')
    await bookCut(t, bearer(26), '10:00')
    expect((await joinLine(t, bearer(27), {})).status).toBe(200)
    expect((await joinLine(t, bearer(28), {})).status).toBe(200)
    await cancel(25, early)
    await processFreed(t.db)
    const offered = await entryOf(27)
    expect(offered?.state).toBe('offered')
    const left = await t.call(`/api/waitlist?entryId=${offered?.id ?? ''}`, {
      method: 'DELETE',
      company: WAIT,
      bearer: bearer(27),
    })
    expect(left).toEqual({ status: 200, body: { ok: true } })
    await processFreed(t.db)
    expect((await entryOf(27))?.state).toBe('left')
    expect((await entryOf(28))?.state).toBe('offered')
    // someone else's entry is not found
    const foreign = await t.call(`/api/waitlist?entryId=${offered?.id ?? ''}`, {
      method: 'DELETE',
      company: WAIT,
      bearer: bearer(28),
    })
    expect(foreign.status).toBe(404)
    // the day after: a waiting entry lapses
    expect((await joinLine(t, bearer(29), {})).status).toBe(200)
    setClock('2027-04-28T22:30:00Z')
    await waitlistSweep(t.db)
    expect((await entryOf(29))?.state).toBe('lapsed')
  })
})
