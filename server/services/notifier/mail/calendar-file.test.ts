import { describe, expect, it } from 'vitest'
import { wallClockToUtc } from '#domain/booking/ics.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { type CalendarEvent, calendarFile, calendarSequence, visitUid } from './calendar-file.ts'
import { renderMail } from './index.ts'
import { sampleTemplates } from './samples.ts'

/**
 * The visit's calendar entry (decision 056): read back from the .ics text, its instants are the
 * visit's whatever the daylight-saving day, its UID stays across a reschedule and a
 * cancellation, its SEQUENCE grows, its METHOD says publish or cancel.
 */

/** The properties of an .ics, lines unfolded (RFC 5545 section 3.1): name → values in order. */
function parseIcs(ics: string): Map<string, string[]> {
  const props = new Map<string, string[]>()
  for (const line of ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon).split(';')[0] ?? ''
    props.set(name, [...(props.get(name) ?? []), line.slice(colon + 1)])
  }
  return props
}

const one = (ics: string, name: string) => parseIcs(ics).get(name)?.[0] ?? ''

/** '20270328T080000Z' as an instant */
const instantOf = (value: string) =>
  new Date(value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'))

/** The instant as Paris wall clock, by Intl (not by the code under test) */
const parisClock = (instant: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Paris',
    dateStyle: 'short',
    timeStyle: 'short',
  })
    .format(instant)
    .replace(' ', 'T')

const event = (local: string, minutes = 60): CalendarEvent => {
  const start = wallClockToUtc(local, 'Europe/Paris') ?? new Date(Number.NaN)
  return {
    uid: visitUid('order-1', 'salon.localhost'),
    start: start.toISOString(),
    end: new Date(start.getTime() + minutes * 60_000).toISOString(),
    title: 'Soin éclat lumière, Beauté des mains – Maison Lumière Lyon, au cœur de la presqu’île',
    location: 'Maison Lumière Lyon, 18 rue Auguste Comte, 69002 Lyon',
    description: 'R-2027-0042',
  }
}
const organizer = { name: 'Maison Lumière', email: 'bonjour@maison-lumiere.example' }
const publish = (e: CalendarEvent, at = '2027-03-01T09:00:00Z') =>
  calendarFile(e, { method: 'PUBLISH', changedAt: new Date(at), organizer })

describe('the visit as a calendar entry', () => {
  it.each([
    // the last Sunday of March: 02:00 → 03:00 (UTC+1 → UTC+2)
    ['2027-03-28T01:30', '20270328T003000Z'],
    ['2027-03-28T03:30', '20270328T013000Z'],
    ['2027-03-28T10:00', '20270328T080000Z'],
    // the last Sunday of October: 03:00 → 02:00 (UTC+2 → UTC+1)
    ['2027-10-31T01:30', '20271030T233000Z'],
    ['2027-10-31T10:00', '20271031T090000Z'],
    ['2026-10-25T09:00', '20261025T080000Z'],
  ])('a visit at %s in Paris starts at %s, the same instant', (local, utc) => {
    const ics = publish(event(local))
    expect(one(ics, 'DTSTART')).toBe(utc)
    expect(parisClock(instantOf(one(ics, 'DTSTART')))).toBe(local)
    expect(one(ics, 'DTEND')).toBe(
      new Date(instantOf(utc).getTime() + 3_600_000).toISOString().replace(/[-:]|\.\d{3}/g, ''),
    )
  })

  it('one UID across booking, reschedule and cancellation; SEQUENCE grows; METHOD says which', () => {
    const booked = publish(event('2027-03-28T10:00'), '2027-03-01T09:00:00Z')
    const moved = publish(event('2027-10-31T10:00'), '2027-03-20T18:30:05Z')
    const cancelled = calendarFile(event('2027-10-31T10:00'), {
      method: 'CANCEL',
      changedAt: new Date('2027-03-20T18:30:06Z'),
      organizer,
    })
    expect([booked, moved, cancelled].map((ics) => one(ics, 'UID'))).toEqual(
      Array(3).fill('order-1@salon.localhost'),
    )
    const sequences = [booked, moved, cancelled].map((ics) => Number(one(ics, 'SEQUENCE')))
    expect(sequences[0]).toBeLessThan(sequences[1] ?? 0)
    expect(sequences[1]).toBeLessThan(sequences[2] ?? 0)
    expect([booked, moved, cancelled].map((ics) => one(ics, 'METHOD'))).toEqual([
      'PUBLISH',
      'PUBLISH',
      'CANCEL',
    ])
    expect(one(cancelled, 'STATUS')).toBe('CANCELLED')
    expect(one(moved, 'DTSTAMP')).toBe('20270320T183005Z')
    expect(calendarSequence(new Date('2024-01-01T00:00:00Z'))).toBe(0)
  })

  it('is RFC 5545 text: CRLF lines of at most 75 octets, TEXT escaped, the company as organizer', () => {
    const ics = publish(event('2027-03-28T10:00'))
    expect(ics.endsWith('\r\n')).toBe(true)
    for (const line of ics.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
    }
    expect(one(ics, 'LOCATION')).toBe('Maison Lumière Lyon\\, 18 rue Auguste Comte\\, 69002 Lyon')
    expect(parseIcs(ics).get('ORGANIZER')?.[0]).toBe('MAILTO:bonjour@maison-lumiere.example')
    expect(ics).toContain('ORGANIZER;CN="Maison Lumière":MAILTO:')
  })
})

describe('the e-mails attach the visit', () => {
  const company: CompanyRow = {
    id: 3,
    host: 'salon.localhost',
    token: 'salon-token',
    nickname: 'salon',
    data: { identity: { displayName: 'Salon Lumière' } },
    createdAt: new Date(0),
    updatedAt: new Date(0),
  }

  it('confirmation, reschedule and reminder publish invite.ics; the cancellation cancels the same UID', async () => {
    const attached = new Map<string, { method: string | undefined; ics: string }>()
    for (const { kind, template } of sampleTemplates(company, 'en')) {
      const { attachments } = await renderMail(template, company)
      for (const attachment of attachments) {
        expect(attachment).toMatchObject({ filename: 'invite.ics', contentType: 'text/calendar' })
        attached.set(kind, { method: attachment.method, ics: attachment.content })
      }
    }
    expect([...attached.keys()].sort()).toEqual([
      'booking-cancelled',
      'booking-confirmation',
      'booking-rescheduled',
      'reminder',
    ])
    for (const [kind, { method, ics }] of attached) {
      const expected = kind === 'booking-cancelled' ? 'CANCEL' : 'PUBLISH'
      expect({ kind, method, header: one(ics, 'METHOD') }).toEqual({
        kind,
        method: expected,
        header: expected,
      })
      expect(one(ics, 'UID')).toBe('demo-order-0042@salon.localhost')
    }
    // moved to the last Sunday of October, 10:00 in Paris: 09:00Z
    expect(one(attached.get('booking-rescheduled')?.ics ?? '', 'DTSTART')).toBe('20271031T090000Z')
    // no legal notice, so no address: no organizer rather than a made-up one
    expect(attached.get('reminder')?.ics).not.toContain('ORGANIZER')
  })
})
