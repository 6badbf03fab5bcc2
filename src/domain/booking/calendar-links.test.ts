import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { calendarLinks } from './calendar-links'

const visit = (start: string, end: string, timeZone = 'Europe/Paris') => {
  const links = calendarLinks({ start, end, timeZone, title: 'Coupe – Spa, Paris' })
  if (!links) throw new Error('no links')
  return { google: new URL(links.google), outlook: new URL(links.outlook) }
}

/**
 * Europe/Paris goes forward on the last Sunday of March (29 March 2026) and back on the last
 * Sunday of October (25 October 2026); Sydney's changes fall on other dates and the other way.
 */
describe.each([
  {
    start: '2026-03-28T09:00',
    end: '2026-03-28T10:00',
    utc: ['20260328T080000Z', '20260328T090000Z'],
  },
  {
    start: '2026-03-29T09:00',
    end: '2026-03-29T10:00',
    utc: ['20260329T070000Z', '20260329T080000Z'],
  },
  {
    start: '2026-10-24T09:00',
    end: '2026-10-24T10:00',
    utc: ['20261024T070000Z', '20261024T080000Z'],
  },
  {
    start: '2026-10-25T09:00',
    end: '2026-10-25T10:00',
    utc: ['20261025T080000Z', '20261025T090000Z'],
  },
  // a visit across the change itself: 01:30 to 03:30 local is one hour of real time
  {
    start: '2026-03-29T01:30',
    end: '2026-03-29T03:30',
    utc: ['20260329T003000Z', '20260329T013000Z'],
  },
])('Europe/Paris $start', ({ start, end, utc }) => {
  it('Google and Outlook get the right instants', () => {
    const links = visit(start, end)
    expect(links.google.searchParams.get('dates')).toBe(utc.join('/'))
    expect(links.google.searchParams.get('ctz')).toBe('Europe/Paris')
    const iso = utc.map((u) =>
      u.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    )
    expect(links.outlook.searchParams.get('startdt')).toBe(iso[0])
    expect(links.outlook.searchParams.get('enddt')).toBe(iso[1])
  })
})

describe('calendar links', () => {
  it('Australia/Sydney: summer time ends on 5 April 2026 (UTC+11 before, UTC+10 after)', () => {
    expect(
      visit('2026-04-04T10:00', '2026-04-04T11:00', 'Australia/Sydney').google.searchParams.get(
        'dates',
      ),
    ).toBe('20260403T230000Z/20260404T000000Z')
    expect(
      visit('2026-04-05T10:00', '2026-04-05T11:00', 'Australia/Sydney').google.searchParams.get(
        'dates',
      ),
    ).toBe('20260405T000000Z/20260405T010000Z')
  })

  it('America/New_York: summer time starts on 8 March 2026', () => {
    expect(
      visit('2026-03-07T09:00', '2026-03-07T10:00', 'America/New_York').outlook.searchParams.get(
        'startdt',
      ),
    ).toBe('2026-03-07T14:00:00Z')
    expect(
      visit('2026-03-08T09:00', '2026-03-08T10:00', 'America/New_York').outlook.searchParams.get(
        'startdt',
      ),
    ).toBe('2026-03-08T13:00:00Z')
  })

  it('carries title, place and details; goes only to the two calendar hosts', () => {
    const links = calendarLinks({
      start: '2026-06-01T10:00',
      end: '2026-06-01T11:00',
      timeZone: 'Europe/Paris',
      title: 'Massage & soin',
      details: 'Avec Malik\nRéservation B-1',
      location: '1 rue du Lac, 74000 Annecy',
    })
    if (!links) throw new Error('no links')
    const google = new URL(links.google)
    const outlook = new URL(links.outlook)
    expect(google.origin).toBe('https://calendar.google.com')
    expect(outlook.origin).toBe('https://outlook.live.com')
    expect(google.searchParams.get('text')).toBe('Massage & soin')
    expect(google.searchParams.get('location')).toBe('1 rue du Lac, 74000 Annecy')
    expect(google.searchParams.get('details')).toBe('Avec Malik\nRéservation B-1')
    expect(outlook.searchParams.get('subject')).toBe('Massage & soin')
    expect(outlook.searchParams.get('body')).toBe('Avec Malik\nRéservation B-1')
    expect(outlook.searchParams.get('location')).toBe('1 rue du Lac, 74000 Annecy')
  })

  it('no links for unreadable times', () => {
    expect(
      calendarLinks({
        start: 'soon',
        end: '2026-06-01T11:00',
        timeZone: 'Europe/Paris',
        title: 'x',
      }),
    ).toBeNull()
  })

  it('whatever the text, the links decode back to it and stay on their host', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (title, location) => {
        const links = calendarLinks({
          start: '2026-06-01T10:00',
          end: '2026-06-01T11:00',
          timeZone: 'Europe/Paris',
          title,
          location,
        })
        if (!links) return false
        const google = new URL(links.google)
        return (
          google.host === 'calendar.google.com' &&
          google.searchParams.get('text') === title &&
          (location === '' || google.searchParams.get('location') === location) &&
          new URL(links.outlook).searchParams.get('subject') === title
        )
      }),
    )
  })
})
