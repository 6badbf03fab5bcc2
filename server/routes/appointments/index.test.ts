import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { availabilityPeriod } from '#contract/availability.ts'
import {
  book,
  COMPANY,
  customerBearer,
  period,
  setClock,
  startBookingApi,
} from '#server/test/appointments.ts'
import type { TestApi } from '#server/test/harness.ts'

/**
 * GET /api/appointments and priceTimes on booking.localhost (tests' own fixtures): Alice does
 * cut, color and facial (Tue 'pause' 9-12 + 14-18, Wed-Sat 9-18, Sun 9-13); Bruno (not
 * selectable by name) does cut and massage (Wed 12-18, Thu-Sat 9-18); cabin-vapeur holds a
 * vapozone, cabin-table a table and a vapozone. Closed day 2027-05-01, open day Mon 2027-05-03
 * 10-16. The clock says Monday 2027-04-26, 14:00 in Paris.
 */
let t: TestApi
let camille: string
beforeAll(async () => {
  setClock('2027-04-26T12:00:00Z')
  t = await startBookingApi()
  camille = await customerBearer(t, 'booking.localhost', 'u1')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

type Day = {
  m_tabres: { m_id: string; m_workingHours: unknown; m_event: unknown }[]
  m_tabresC: unknown[]
}
const week = { start: '2027-04-26', end: '2027-05-04' }

async function days(query: Record<string, string>): Promise<Record<string, Day>> {
  const response = await period(t, query)
  expect(response.status).toBe(200)
  expect(availabilityPeriod.safeParse(response.body).success).toBe(true)
  return response.body as Record<string, Day>
}

async function starts(servicesId: string, date: string): Promise<string[]> {
  const query = new URLSearchParams({ customerId: 'u1', servicesId, date })
  const response = await t.call(`/api/appointments/priceTimes?${query}`, { company: COMPANY })
  expect(response.status).toBe(200)
  const first = servicesId.split(',')[0]
  return (response.body as { serviceId: string; start: string }[])
    .filter((entry) => entry.serviceId === first)
    .map((entry) => entry.start)
}

describe('availability: the period query', () => {
  it('keys open dates only: Monday, the past and the closed day are absent, the open day is there', async () => {
    const body = await days({ servicesId: 'cut', ...week })
    expect(Object.keys(body)).toEqual([
      '2027-04-27',
      '2027-04-28',
      '2027-04-29',
      '2027-04-30',
      '2027-05-02',
      '2027-05-03',
      '2027-05-04',
    ])
  })

  it("lists the qualified employees with their hours on the shop's grid, pause and selection flag", async () => {
    const body = await days({ servicesId: 'cut', ...week })
    expect(body['2027-04-27']).toEqual({
      m_tabres: [
        {
          m_id: 'alice',
          m_displayname: 'Alice',
          m_workingHours: [
            { start: '09:00', end: '12:00' },
            { start: '14:00', end: '18:00' },
          ],
          m_event: [],
          m_SbSelectionActive: true,
        },
      ],
      m_tabresC: [],
    })
    const wednesday = body['2027-04-28']?.m_tabres
    expect(wednesday?.map((e) => [e.m_id, e.m_workingHours])).toEqual([
      ['alice', [{ start: '09:00', end: '18:00' }]],
      ['bruno', [{ start: '12:00', end: '18:00' }]],
    ])
    expect(body['2027-04-28']?.m_tabres[1]).toMatchObject({ m_SbSelectionActive: false })
    // The open day's hours replace the weekday's, for the shop and its staff.
    expect(body['2027-05-03']?.m_tabres.map((e) => e.m_workingHours)).toEqual([
      [{ start: '10:00', end: '16:00' }],
      [{ start: '10:00', end: '16:00' }],
    ])
  })

  it('a pause closes the break: a 60-minute cut starts up to 11:00, then from 14:00', async () => {
    const tuesday = await starts('cut', '2027-05-04')
    expect(tuesday).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
      '17:00',
    ])
  })

  it('chains several services back to back within the working time', async () => {
    const response = await t.call(
      '/api/appointments/priceTimes?customerId=u1&servicesId=cut,color&date=2027-05-02',
      { company: COMPANY },
    )
    const entries = response.body as {
      serviceId: string
      start: string
      end: string
      prices: number
    }[]
    expect(entries.slice(0, 2)).toEqual([
      { serviceId: 'cut', start: '09:00', end: '10:00', prices: 4200 },
      { serviceId: 'color', start: '10:00', end: '10:30', prices: 2500 },
    ])
    // Sunday closes at 13:00: the 90-minute visit starts at 11:30 at the latest.
    expect(
      entries
        .filter((e) => e.serviceId === 'cut')
        .map((e) => e.start)
        .at(-1),
    ).toBe('11:30')
    expect(await starts('cut,color,color', '2027-05-02')).not.toContain('11:30')
  })

  it('an existing appointment shows as an event and removes its slot', async () => {
    const held = await book(t, camille, {
      serviceid: 'cut',
      start: '2027-04-27T10:00',
      end: '2027-04-27T11:00',
    })
    expect(held.status).toBe(200)
    const body = await days({ servicesId: 'cut', start: '2027-04-27', end: '2027-04-27' })
    expect(body['2027-04-27']?.m_tabres[0]?.m_event).toEqual([{ start: '10:00', end: '11:00' }])
    const tuesday = await starts('cut', '2027-04-27')
    expect(tuesday).not.toContain('09:30')
    expect(tuesday).not.toContain('10:00')
    expect(tuesday).not.toContain('10:30')
    expect(tuesday).toContain('09:00')
    expect(tuesday).toContain('11:00')
  })

  it('cabins (mode 2) with their equipment: only cabins holding what the service needs', async () => {
    const body = await days({
      servicesId: 'massage',
      start: '2027-04-28',
      end: '2027-04-28',
      mode: '2',
      equipment: '1',
    })
    expect(body['2027-04-28']?.m_tabres.map((e) => e.m_id)).toEqual(['bruno'])
    expect(body['2027-04-28']?.m_tabresC).toEqual([
      {
        m_id: 'cabin-table',
        m_displayname: 'Cabine Table',
        m_event: [],
        m_tabresA: [
          { m_id: 'table', m_displayname: 'table', m_event: [] },
          { m_id: 'vapozone', m_displayname: 'vapozone', m_event: [] },
        ],
      },
    ])
    const modeOne = await days({ servicesId: 'massage', start: '2027-04-28', end: '2027-04-28' })
    expect(modeOne['2027-04-28']?.m_tabresC).toEqual([])
  })

  it('a taken cabin makes a service that needs it unbookable although its employee is free', async () => {
    // A facial (Alice) in the only table cabin at 16:00: Bruno is free but no cabin holds a table.
    const facial = await book(t, camille, {
      serviceid: 'facial',
      start: '2027-04-29T16:00',
      end: '2027-04-29T16:45',
      myAppointment: { cabinId: 'cabin-table' },
    })
    expect(facial.status).toBe(200)
    const massage = await starts('massage', '2027-04-29')
    expect(massage).not.toContain('16:00')
    expect(massage).not.toContain('15:30')
    expect(massage).toContain('17:00')
    const body = await days({
      servicesId: 'massage',
      start: '2027-04-29',
      end: '2027-04-29',
      mode: '2',
    })
    expect(body['2027-04-29']?.m_tabresC).toEqual([
      {
        m_id: 'cabin-table',
        m_displayname: 'Cabine Table',
        m_event: [{ start: '16:00', end: '16:45' }],
        m_tabresA: [],
      },
    ])
  })
})

describe('availability: refusals', () => {
  const missing = { errors: { code: 400, message: 'param manquants' }, type: 'missingParams' }

  it("docs/product/5-rules.md: shop, services, start or end missing is 'param manquants' (booking errors object)", async () => {
    for (const drop of ['shopId', 'servicesId', 'start', 'end']) {
      const query = new URLSearchParams({ shopId: 's1', servicesId: 'cut', ...week })
      query.delete(drop)
      const response = await t.call(`/api/appointments?${query}`, { company: COMPANY })
      expect(response).toEqual({ status: 400, body: missing })
    }
  })

  it('bad values are 400 invalidInput; unknown shop or service, or a product, are 404', async () => {
    const bad = await period(t, { servicesId: 'cut', start: '2027-04-30', end: '2027-04-26' })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ type: 'invalidInput' })
    for (const query of [{ shopId: 'nope' }, { servicesId: 'nope' }, { servicesId: 'candle' }]) {
      const response = await period(t, { servicesId: 'cut', ...week, ...query })
      expect(response.status).toBe(404)
      expect(response.body).toMatchObject({ errors: { code: 404 } })
    }
  })

  it('docs/product/5-rules.md, docs/product/8-errors.md: priceTimes is an empty list when a parameter is missing or wrong', async () => {
    for (const query of [
      'servicesId=cut&date=2027-04-28',
      'customerId=u1&date=2027-04-28',
      'customerId=u1&servicesId=cut',
      'customerId=u1&servicesId=cut&date=28-04-2027',
      'customerId=u1&servicesId=nope&date=2027-04-28',
      'customerId=u1&servicesId=cut&date=2027-05-01',
    ]) {
      const response = await t.call(`/api/appointments/priceTimes?${query}`, { company: COMPANY })
      expect(response).toEqual({ status: 200, body: [] })
    }
  })
})
