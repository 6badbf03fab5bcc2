import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointments, companies } from '#server/db/schema/index.ts'
import { calendarToken } from '#server/services/booking/index.ts'
import { COMPANY, INSTANT, setClock, startBookingApi } from '#server/test/appointments.ts'
import type { TestApi } from '#server/test/harness.ts'
import { visitOf } from '#server/test/reminders.ts'

/**
 * GET /api/calendar/:companyToken/:id (docs/api/calls.md): a visit's .ics for its own customer or
 * the holder of its signed link, and for nobody else.
 */
let t: TestApi
let companyId: number
beforeAll(async () => {
  t = await startBookingApi()
  const [row] = await t.db.select().from(companies).where(eq(companies.token, COMPANY))
  companyId = row?.id ?? 0
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

const path = (id: string, company = COMPANY) => `/api/calendar/${company}/${id}`
const tokenFor = (id: string) => calendarToken(companyId, id, new Date('2026-12-31T00:00:00Z'))
const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}${url}`, { headers })

describe('GET /api/calendar/:companyToken/:id', () => {
  it('the customer whose visit it is gets the file; times right on both daylight-saving Sundays', async () => {
    setClock('2026-03-01T12:00:00Z')
    for (const [start, utc] of [
      ['2026-03-29T09:00', '20260329T070000Z'],
      ['2026-10-25T09:00', '20261025T080000Z'],
    ] as const) {
      const visit = await visitOf(t.db, { start, locale: 'fr' })
      const answer = await get(path(visit.order.id), {
        company: COMPANY,
        authorization: `Bearer ${visit.customer.token}`,
      })
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-disposition')).toBe(
        `attachment; filename="${visit.order.ideorder}.ics"`,
      )
      const ics = await answer.text()
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/)
      expect(ics).toContain(`DTSTART:${utc}\r\n`)
      expect(ics).toContain('SUMMARY:Coupe')
    }
  })

  it('a signed link opens its visit only, until it expires', async () => {
    setClock('2026-12-01T10:00:00Z')
    const visit = await visitOf(t.db, { start: '2026-12-02T10:00', locale: 'en' })
    const other = await visitOf(t.db, { start: '2026-12-02T11:00', locale: 'en' })
    const token = tokenFor(visit.order.id)
    expect((await get(`${path(visit.order.id)}?token=${token}`)).status).toBe(200)
    // the same token on another visit, tampered, or for another company: 403, nothing read
    const refused = [
      `${path(other.order.id)}?token=${token}`,
      `${path(visit.order.id)}?token=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      `${path(visit.order.id)}?token=${token.replace(/^[^.]+/, 'zzzzzz')}`,
      `${path(visit.order.id, INSTANT)}?token=${token}`,
      `${path(visit.order.id)}?token=nonsense`,
      `${path('no-such-visit')}?token=${token}`,
    ]
    for (const url of refused) {
      const answer = await get(url)
      expect({ url, status: answer.status }).toEqual({ url, status: 403 })
      expect(await answer.text()).not.toContain('VCALENDAR')
    }
    // the link lasts 30 days after the end it was made for (here 31 December), then is spent
    setClock('2027-01-29T23:59:00Z')
    expect((await get(`${path(visit.order.id)}?token=${token}`)).status).toBe(200)
    setClock('2027-01-30T00:00:01Z')
    expect((await get(`${path(visit.order.id)}?token=${token}`)).status).toBe(403)
  })

  it('nobody signed in: 401; another customer: 404, as for a visit that does not exist', async () => {
    setClock('2026-12-01T10:00:00Z')
    const visit = await visitOf(t.db, { start: '2026-12-02T10:00', locale: 'fr' })
    const stranger = await visitOf(t.db, { start: '2026-12-02T12:00', locale: 'fr' })
    const as = (bearer: string) => ({ company: COMPANY, authorization: `Bearer ${bearer}` })
    expect((await get(path(visit.order.id))).status).toBe(401)
    expect((await get(path(visit.order.id), { company: COMPANY })).status).toBe(401)
    // the bearer without its company header is no session at all
    expect(
      (await get(path(visit.order.id), { authorization: `Bearer ${visit.customer.token}` })).status,
    ).toBe(401)
    expect((await get(path(visit.order.id), as(stranger.customer.token))).status).toBe(404)
    expect((await get(path('no-such-visit'), as(stranger.customer.token))).status).toBe(404)
    expect(
      (await get(path(visit.order.id, 'no-such-company'), as(visit.customer.token))).status,
    ).toBe(404)
  })

  it('a cancelled visit has no calendar file, by session or by link', async () => {
    setClock('2026-12-01T10:00:00Z')
    const visit = await visitOf(t.db, { start: '2026-12-02T10:00', locale: 'fr' })
    await t.db
      .update(appointments)
      .set({ status: 'cancelled', cancelReason: 'customer' })
      .where(
        and(eq(appointments.companyId, companyId), eq(appointments.bookingOrderId, visit.order.id)),
      )
    expect((await get(`${path(visit.order.id)}?token=${tokenFor(visit.order.id)}`)).status).toBe(
      404,
    )
    const answer = await get(path(visit.order.id), {
      company: COMPANY,
      authorization: `Bearer ${visit.customer.token}`,
    })
    expect(answer.status).toBe(404)
  })
})
