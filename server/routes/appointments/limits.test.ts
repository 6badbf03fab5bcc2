import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingOrder } from '#contract/booking-order.ts'
import { appointments, carts } from '#server/db/schema/index.ts'
import { HOLD_LIMITS, holdMilliseconds } from '#server/services/booking/index.ts'
import { book, bookingFixtures, customers, setClock } from '#server/test/appointments.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

/**
 * The hold limits of decision 017 under parallel bursts: live holds per customer, renewal of a
 * cart's clock, services put in carts per day. Every request is one customer's, as an attacker
 * holding a calendar would send them.
 */
let t: TestApi
let bearers: string[]
const NOW = '2027-04-26T12:00:00Z'
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString()

/**
 * The booking tenant with a second shop (s2, Carla cuts there): holds at two shops go into two
 * carts, so only the customer's own lock keeps a burst over both under the cap.
 */
function twoShopTenants(): string {
  const root = mkdtempSync(join(tmpdir(), 'hold-limits-'))
  const dir = join(root, 'booking.localhost')
  cpSync(join(bookingFixtures, 'booking.localhost'), dir, { recursive: true })
  const edit = (file: string, change: (rows: Record<string, unknown>[]) => unknown[]) => {
    const rows = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>[]
    writeFileSync(join(dir, file), JSON.stringify(change(rows)))
  }
  edit('shops.json', (shops) => [...shops, { ...shops[0], id: 's2', slug: 'spa-nord', order: 2 }])
  edit('resources.json', (resources) => {
    const bruno = resources.find((r) => r.id === 'bruno')
    return [...resources, { ...bruno, id: 'carla', displayName: 'Carla', shopId: 's2' }]
  })
  return root
}

beforeAll(async () => {
  setClock(NOW)
  const root = twoShopTenants()
  try {
    t = await startTestApi({ seedFrom: root })
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
  bearers = await customers(t, 'booking.localhost', 4, 'limit')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

const bearer = (i: number) => bearers[i] ?? ''
const cut = (date: string, hour: number) => {
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`
  return { serviceid: 'cut', start: `${date}T${hh(hour)}`, end: `${date}T${hh(hour + 1)}` }
}
/**
 * Fewer holds a day than a visit's worth (docs/decisions/062-visit-bound-and-list-params.md), so
 * only the limit under test is reached.
 */
const PER_DAY = HOLD_LIMITS.dayHolds - 1
/**
 * `n` distinct one-hour slots from 9:00, PER_DAY a day, Wednesday to Saturday of the week of
 * `wednesday` and of the weeks after.
 */
function slots(wednesday: string, n: number) {
  const days = [0, 1, 2, 3, 7, 8, 9, 10].map((d) =>
    new Date(Date.parse(`${wednesday}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10),
  )
  const hours = [9, 10, 11, 12, 13, 14, 15, 16, 17].slice(0, PER_DAY)
  const all = days.flatMap((day) => hours.map((h) => cut(day, h)))
  if (all.length < n) throw new Error(`only ${all.length} slots`)
  return all.slice(0, n)
}
const statuses = (responses: { status: number }[]) => responses.map((r) => r.status)
const typesOf = (responses: { status: number; body: unknown }[]) =>
  responses.filter((r) => r.status !== 200).map((r) => (r.body as { type?: string }).type)

const idsOf = (responses: { status: number; body: unknown }[]) =>
  responses
    .filter((r) => r.status === 200)
    .flatMap((r) => bookingOrder.parse(r.body).appointments.map((a) => a.id))

async function cancelAll(who: string, ids: string[]) {
  for (const id of new Set(ids)) {
    const res = await t.call(`/api/appointments?appointmentId=${id}`, {
      company: 'booking-token',
      bearer: who,
      method: 'DELETE',
    })
    expect(res.status).toBe(200)
  }
}

describe('hold limits (decision 017)', () => {
  it(`a burst of 25 holds by one customer at two shops: exactly ${HOLD_LIMITS.liveHolds} held, the rest 429 tooManyHolds`, async () => {
    setClock(NOW)
    // Thursdays at s2 (Carla), the rest at s1: two carts filling at once.
    const shopOf = (s: { start: string }) =>
      s.start.startsWith('2027-05-06') || s.start.startsWith('2027-05-13') ? 's2' : 's1'
    const responses = await Promise.all(
      slots('2027-05-05', 25).map((s) => book(t, bearer(0), { ...s, shopid: shopOf(s) })),
    )
    const shops = responses
      .filter((r) => r.status === 200)
      .map((r) => bookingOrder.parse(r.body).shopId)
    expect(new Set(shops)).toEqual(new Set(['s1', 's2']))
    expect(statuses(responses).filter((s) => s === 200)).toHaveLength(HOLD_LIMITS.liveHolds)
    expect(statuses(responses).filter((s) => s === 429)).toHaveLength(25 - HOLD_LIMITS.liveHolds)
    expect(typesOf(responses)).toEqual(Array(25 - HOLD_LIMITS.liveHolds).fill('tooManyHolds'))
    const refused = responses.find((r) => r.status === 429)
    expect(refused?.body).toMatchObject({ errors: { code: 429 }, type: 'tooManyHolds' })
    // Another customer is not affected.
    expect((await book(t, bearer(1), cut('2027-05-07', 17))).status).toBe(200)
    // One more is refused; a held service removed makes room for exactly one.
    expect((await book(t, bearer(0), cut('2027-05-07', 16))).status).toBe(429)
    const first = responses.find((r) => r.status === 200)
    const one = first ? bookingOrder.parse(first.body).appointments[0]?.id : undefined
    await cancelAll(bearer(0), one ? [one] : [])
    const again = await Promise.all([16, 17].map((h) => book(t, bearer(0), cut('2027-05-07', h))))
    expect(statuses(again).sort()).toEqual([200, 429])
  })

  it("a cart's deadline is set by its first hold: later holds do not restart it (docs/decisions/062-visit-bound-and-list-params.md)", async () => {
    const who = bearer(2)
    const hold = holdMilliseconds()
    const expiries = async () =>
      t.db
        .select({ id: appointments.id, expires: appointments.expiresAt, cart: carts.expiresAt })
        .from(appointments)
        .innerJoin(carts, eq(carts.id, appointments.cartId))
        .where(and(eq(appointments.customerId, 'limit2'), eq(appointments.status, 'hold')))
    // one hold, then one a minute before its deadline, on two days
    setClock(NOW)
    expect((await book(t, who, cut('2027-05-19', 9))).status).toBe(200)
    setClock(new Date(Date.parse(NOW) + hold - 60_000).toISOString())
    expect((await book(t, who, cut('2027-05-20', 9))).status).toBe(200)
    const deadline = new Date(Date.parse(NOW) + hold).getTime()
    const rows = await expiries()
    expect(rows).toHaveLength(2)
    for (const row of rows) {
      expect(row.expires?.getTime()).toBe(deadline)
      expect(row.cart?.getTime()).toBe(deadline)
    }
    // past it both lapsed together; the next hold starts a new cart with its own clock
    const later = new Date(deadline + 1_000).toISOString()
    setClock(later)
    expect((await book(t, who, cut('2027-05-20', 10))).status).toBe(200)
    const live = (await expiries()).filter((r) => (r.expires?.getTime() ?? 0) > deadline + 1_000)
    expect(live.map((r) => r.expires?.getTime())).toEqual([Date.parse(later) + hold])
    setClock(NOW)
  })

  it(`at most ${HOLD_LIMITS.holdsPerDay} unpaid holds in 24 hours, holding and removing`, async () => {
    setClock(NOW)
    const who = bearer(3)
    // a week of its own: the burst test's 25 slots reach into the week of 2027-05-12, and on
    // PostgreSQL which 20 of them are held is a matter of timing
    const week = slots('2027-06-02', HOLD_LIMITS.liveHolds)
    let placed = 0
    while (HOLD_LIMITS.holdsPerDay - placed > 5) {
      const n = Math.min(HOLD_LIMITS.liveHolds, HOLD_LIMITS.holdsPerDay - placed - 5)
      const responses = await Promise.all(week.slice(0, n).map((s) => book(t, who, s)))
      const refused = responses.filter((r) => r.status !== 200).map((r) => r.body)
      expect(statuses(responses), JSON.stringify(refused)).toEqual(Array(n).fill(200))
      await cancelAll(who, idsOf(responses))
      placed += n
    }
    // 5 left today: a burst of 10 gets exactly 5.
    const last = await Promise.all(week.slice(0, 10).map((s) => book(t, who, s)))
    expect(statuses(last).filter((s) => s === 200)).toHaveLength(5)
    expect(typesOf(last)).toEqual(Array(5).fill('tooManyHoldsToday'))
    // A day later the count starts again.
    setClock(at(24 * 60 + 1))
    expect((await book(t, who, cut('2027-06-09', 17))).status).toBe(200)
    setClock(NOW)
  })
})
