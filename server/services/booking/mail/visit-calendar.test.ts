import { describe, expect, it } from 'vitest'
import { wallClockToUtc } from '#domain/booking/ics.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { secretPart } from '../../notifier/index.ts'
import { calendarMailLines, visitCalendarProps, visitEvent, visitIcs } from './visit-calendar.ts'
import type { VisitFacts } from './visit-facts.ts'

/**
 * One calendar rule for a visit (decision 056): the file of GET /api/calendar, the e-mails'
 * invite.ics and their links tell the same entry, the booking order's, at the visit's instants.
 */
const company: CompanyRow = {
  id: 4,
  host: 'salon.localhost',
  token: 'salon-token',
  nickname: 'salon',
  data: { identity: { displayName: 'Salon Lumière' } },
  createdAt: new Date(0),
  updatedAt: new Date(0),
}

const line = (id: string, service: string, localStart: string, localEnd: string) => ({
  id,
  service,
  localStart,
  localEnd,
  timeZone: 'Europe/Paris',
  startsAt: wallClockToUtc(localStart, 'Europe/Paris') ?? new Date(Number.NaN),
  endsAt: wallClockToUtc(localEnd, 'Europe/Paris') ?? new Date(Number.NaN),
})

const visit = (lines: VisitFacts['lines']): VisitFacts => ({
  orderId: 'order-7',
  ideorder: 'R-7',
  customerId: 'c1',
  email: 'ann@example.com',
  phone: null,
  firstname: 'Ann',
  locale: 'en',
  shopName: 'Centre',
  shopAddress: '1 rue de la Paix, 75001 Paris',
  lines,
})

const field = (ics: string, name: string) =>
  new RegExp(`\\r\\n${name}[;:]([^\\r]*)`).exec(ics.replace(/\r\n[ \t]/g, ''))?.[1] ?? ''

describe('the calendar entry of a visit', () => {
  it('spans the whole visit at its instants, on both daylight-saving Sundays', () => {
    for (const [day, first, last] of [
      ['2027-03-28', '20270328T080000Z', '20270328T100000Z'],
      ['2027-10-31', '20271031T090000Z', '20271031T110000Z'],
    ] as const) {
      const booked = visit([
        line('a1', 'Cut', `${day}T10:00`, `${day}T11:30`),
        // a longer service starting earlier than the visit's end: the entry ends with it
        line('a2', 'Colour', `${day}T10:30`, `${day}T12:00`),
      ])
      const ics = visitIcs(company, booked, new Date('2027-03-01T09:00:00Z'))
      expect(field(ics, 'DTSTART')).toBe(first)
      expect(field(ics, 'DTEND')).toBe(last)
      expect(field(ics, 'METHOD')).toBe('PUBLISH')
      expect(field(ics, 'SUMMARY')).toBe('Cut\\, Colour – Centre')
      // the links say the same span
      const links = calendarMailLines(company, booked, 'en').join('\n')
      expect(links).toContain(`dates=${first}%2F${last}`)
    }
  })

  it('keeps its UID when the visit is moved (new appointments), so calendars update it', () => {
    const before = visitEvent(
      company,
      visit([line('a1', 'Cut', '2027-03-28T10:00', '2027-03-28T11:00')]),
    )
    const after = visitEvent(
      company,
      visit([line('b9', 'Cut', '2027-10-31T15:00', '2027-10-31T16:00')]),
    )
    expect(before?.uid).toBe('order-7@salon.localhost')
    expect(after?.uid).toBe(before?.uid)
    expect(after?.start).toBe('2027-10-31T14:00:00.000Z')
    expect(visitEvent(company, visit([]))).toBeUndefined()
  })

  it("gives e-mail templates the entry, and the links with the message's placeholder", () => {
    const booked = visit([line('a1', 'Cut', '2027-03-28T10:00', '2027-03-28T11:00')])
    const changedAt = new Date('2027-03-02T08:00:00Z')
    const withLinks = visitCalendarProps(company, booked, changedAt, {
      filePlaceholder: secretPart('calendar'),
    })
    expect(withLinks?.changedAt).toBe('2027-03-02T08:00:00.000Z')
    expect(withLinks?.links?.file).toBe(
      'http://salon.localhost:4321/api/calendar/salon-token/order-7?token={{secret:calendar}}',
    )
    expect(withLinks?.links?.google).toContain('https://calendar.google.com/')
    expect(visitCalendarProps(company, booked, changedAt)?.links).toBeUndefined()
  })
})
