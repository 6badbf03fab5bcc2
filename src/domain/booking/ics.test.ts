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
