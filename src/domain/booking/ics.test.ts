import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildIcs, escapeIcsText, foldIcsLine, icsUtc, wallClockToUtc } from './ics'

const encoder = new TextEncoder()

describe('ICS (RFC 5545)', () => {
  it('escapes backslash, semicolon, comma and newlines in TEXT', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf')
  })

  it('folds lines at 75 octets with CRLF + space, never inside a UTF-8 character', () => {
    expect(foldIcsLine('short')).toBe('short')
    const long = `SUMMARY:${'é'.repeat(80)}`
    const folded = foldIcsLine(long)
    const lines = folded.split('\r\n')
    expect(lines.length).toBeGreaterThan(1)
    for (const line of lines) expect(encoder.encode(line).length).toBeLessThanOrEqual(75)
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true)
    expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(long)
  })

  it('a line of exactly 75 octets stays whole', () => {
    const line = 'X'.repeat(75)
    expect(foldIcsLine(line)).toBe(line)
    expect(foldIcsLine(`${line}Y`)).toBe(`${line}\r\n Y`)
  })

  it('converts shop wall-clock to UTC across daylight saving', () => {
    expect(icsUtc(wallClockToUtc('2026-07-01T10:00', 'Europe/Paris') as Date)).toBe(
      '20260701T080000Z',
    )
    expect(icsUtc(wallClockToUtc('2026-12-01T10:00', 'Europe/Paris') as Date)).toBe(
      '20261201T090000Z',
    )
    expect(wallClockToUtc('2026-12-01 10:00', 'Europe/Paris')).toBeNull()
  })

  it('builds a VCALENDAR with one VEVENT per appointment, CRLF everywhere', () => {
    const ics = buildIcs(
      [
        {
          uid: 'a1@bains-du-lac.localhost',
          start: '2026-11-23T10:00',
          end: '2026-11-23T11:00',
          timeZone: 'Europe/Paris',
          summary: 'Massage deep tissue, Annecy',
          description: 'Avec Malik',
          location: '1 rue du Lac; Annecy',
        },
        {
          uid: 'a2',
          start: 'bad',
          end: '2026-11-23T11:00',
          timeZone: 'Europe/Paris',
          summary: 'x',
        },
      ],
      { now: new Date('2026-11-22T08:30:05Z'), productId: '-//Test//EN', calendarName: 'Spa' },
    )
    expect(ics.endsWith('\r\n')).toBe(true)
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const lines = ics.split('\r\n')
    expect(lines).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Spa',
      'BEGIN:VEVENT',
      'UID:a1@bains-du-lac.localhost',
      'DTSTAMP:20261122T083005Z',
      'DTSTART:20261123T090000Z',
      'DTEND:20261123T100000Z',
      'SUMMARY:Massage deep tissue\\, Annecy',
      'DESCRIPTION:Avec Malik',
      'LOCATION:1 rue du Lac\\; Annecy',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ])
  })
})

/** Undoes escapeIcsText: how a calendar reads a TEXT value back. */
const readIcsText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c))

describe('ICS properties (fast-check)', () => {
  // a hundred strings of every code point: about 1 s on a quiet machine, past vitest's 5 s
  // default when both cores are shared by a dozen processes (a loaded whole run)
  it('a folded line has no part over 75 octets and unfolds to the original', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const line = `DESCRIPTION:${escapeIcsText(text)}`
        const parts = foldIcsLine(line).split('\r\n')
        return (
          parts.every((part) => encoder.encode(part).length <= 75) &&
          parts.slice(1).every((part) => part.startsWith(' ')) &&
          parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('') === line
        )
      }),
    )
  }, 60_000)

  it('escaped TEXT has no bare separator or line break and reads back as written', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const escaped = escapeIcsText(text)
        const normalized = text.replace(/\r\n|\r/g, '\n')
        return (
          !/[\r\n]/.test(escaped) &&
          !/(^|[^\\])(\\\\)*[;,]/.test(escaped) &&
          readIcsText(escaped) === normalized
        )
      }),
    )
  })

  it('a whole calendar: CRLF only, every line within 75 octets, one VEVENT per visit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 120 }), { minLength: 1, maxLength: 4 }),
        (titles) => {
          const ics = buildIcs(
            titles.map((summary, i) => ({
              uid: `v${i}@example.test`,
              start: '2026-10-25T09:00',
              end: '2026-10-25T10:00',
              timeZone: 'Europe/Paris',
              summary,
              location: summary,
            })),
            { now: new Date('2026-10-01T00:00:00Z') },
          )
          const lines = ics.split('\r\n')
          return (
            ics.endsWith('\r\n') &&
            !/[^\r]\n/.test(ics) &&
            lines.every((line) => encoder.encode(line).length <= 75) &&
            lines.filter((line) => line === 'BEGIN:VEVENT').length === titles.length
          )
        },
      ),
    )
  })
})

describe('ICS times across daylight-saving changes', () => {
  const dtstart = (start: string, timeZone: string) => {
    const end = `${start.slice(0, 11)}${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}:00`
    const ics = buildIcs([{ uid: 'u', start, end, timeZone, summary: 's' }], {
      now: new Date('2026-01-01T00:00:00Z'),
    })
    return ics.split('\r\n').filter((line) => /^DT(START|END):/.test(line))
  }

  it.each([
    // Europe/Paris: forward on Sunday 29 March 2026, back on Sunday 25 October 2026
    ['2026-03-28T09:00', 'Europe/Paris', '20260328T080000Z', '20260328T090000Z'],
    ['2026-03-29T09:00', 'Europe/Paris', '20260329T070000Z', '20260329T080000Z'],
    ['2026-10-24T09:00', 'Europe/Paris', '20261024T070000Z', '20261024T080000Z'],
    ['2026-10-25T09:00', 'Europe/Paris', '20261025T080000Z', '20261025T090000Z'],
    // America/New_York: forward on 8 March, back on 1 November 2026
    ['2026-03-07T09:00', 'America/New_York', '20260307T140000Z', '20260307T150000Z'],
    ['2026-03-08T09:00', 'America/New_York', '20260308T130000Z', '20260308T140000Z'],
    ['2026-10-31T09:00', 'America/New_York', '20261031T130000Z', '20261031T140000Z'],
    ['2026-11-01T09:00', 'America/New_York', '20261101T140000Z', '20261101T150000Z'],
  ])('%s in %s starts at %s', (start, zone, utcStart, utcEnd) => {
    expect(dtstart(start, zone)).toEqual([`DTSTART:${utcStart}`, `DTEND:${utcEnd}`])
  })
})
