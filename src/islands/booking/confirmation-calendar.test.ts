import { describe, expect, it } from 'vitest'
import type { BookingConfirmationData } from './confirmation'
import { confirmationCalendar } from './confirmation-calendar'

const line = (serviceId: string, name: string, start: string, end: string) => ({
  serviceId,
  name,
  start,
  end,
  employeeId: null,
  employeeName: serviceId === 'cut' ? 'Malik' : null,
  shopName: 'Annecy',
  timeZone: 'Europe/Paris',
})

const data: BookingConfirmationData = {
  cartId: 'c1',
  orderId: 'o1',
  ideorder: 'B-42',
  shopId: 's1',
  location: '1 rue du Lac, 74000 Annecy',
  lines: [
    line('cut', 'Coupe', '2026-10-25T09:00', '2026-10-25T09:30'),
    line('color', 'Couleur', '2026-10-25T09:30', '2026-10-25T10:30'),
  ],
  confirmed: true,
}

describe('the confirmation page calendar offers', () => {
  const calendar = confirmationCalendar(
    data,
    { name: 'Bains du Lac', host: 'bains-du-lac.localhost' },
    (name) => `avec ${name}`,
    new Date('2026-10-01T08:00:00Z'),
  )

  it('a file with one event per appointment, times from the shop zone on the day clocks go back', () => {
    expect(calendar.file.startsWith('data:text/calendar;charset=utf-8,')).toBe(true)
    const ics = decodeURIComponent(calendar.file.slice(calendar.file.indexOf(',') + 1))
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2)
    expect(ics).toContain('UID:o1-0-cut@bains-du-lac.localhost\r\n')
    expect(ics).toContain('DTSTART:20261025T080000Z\r\n')
    expect(ics).toContain('DESCRIPTION:Annecy\\navec Malik\r\n')
  })

  it('Google and Outlook links span the whole visit, first start to last end', () => {
    const google = new URL(calendar.links?.google ?? '')
    expect(google.searchParams.get('dates')).toBe('20261025T080000Z/20261025T093000Z')
    expect(google.searchParams.get('text')).toBe('Coupe, Couleur – Bains du Lac')
    expect(google.searchParams.get('location')).toBe('1 rue du Lac, 74000 Annecy')
    expect(google.searchParams.get('details')).toBe('B-42')
    const outlook = new URL(calendar.links?.outlook ?? '')
    expect(outlook.searchParams.get('startdt')).toBe('2026-10-25T08:00:00Z')
    expect(outlook.searchParams.get('enddt')).toBe('2026-10-25T09:30:00Z')
  })

  it('no links without a line', () => {
    const empty = confirmationCalendar(
      { ...data, lines: [] },
      { name: 'x', host: 'h' },
      String,
      new Date(),
    )
    expect(empty.links).toBeNull()
  })
})
