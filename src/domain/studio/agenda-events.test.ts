import { describe, expect, it } from 'vitest'
import { type BookingOrder, bookingOrder } from '#contract/booking-order'
import { agendaEvents, UNASSIGNED, wallClockDate } from './agenda-events'

const eur = (amount: number) => ({ amount, currency: 'EUR' })

function order(overrides: Partial<Record<string, unknown>> = {}): BookingOrder {
  return bookingOrder.parse({
    id: 'o1',
    ideorder: 'BK-1',
    customerId: '1001',
    shopId: '1',
    status: 'confirmed',
    total: eur(9000),
    paid: eur(2000),
    createdAt: '2026-11-20T10:00:00+01:00',
    appointments: [
      {
        id: 'a1',
        shopId: '1',
        serviceId: '101',
        employeeId: '302',
        start: '2026-11-30T10:00',
        end: '2026-11-30T11:00',
        price: eur(6000),
      },
      {
        id: 'a2',
        shopId: '1',
        serviceId: '102',
        cabinId: '351',
        start: '2026-11-30T11:00',
        end: '2026-11-30T11:30',
        price: eur(3000),
      },
      {
        id: 'a3',
        shopId: '1',
        serviceId: '101',
        start: '2026-12-01T10:00',
        end: '2026-12-01T11:00',
        price: eur(6000),
      },
    ],
    bill: {
      lines: [
        {
          articleId: '101',
          name: { fr: 'Soin éclat', en: 'Glow facial' },
          quantity: 1,
          unitPrice: eur(6000),
          total: eur(6000),
          vat: eur(1000),
        },
      ],
      subtotal: eur(6000),
      vat: eur(1000),
      total: eur(6000),
      payment: 'dueAtShop',
    },
    ...overrides,
  })
}

const DAY = { shopId: '1', from: '2026-11-30', to: '2026-11-30', locale: 'en' }

describe('agenda events (docs/decisions/071-studio-app.md)', () => {
  it("puts each of the day's appointments in its employee's or cabin's column", () => {
    const events = agendaEvents([order()], DAY)
    expect(events.map((e) => [e.id, e.resourceId, e.minutes])).toEqual([
      ['BK-1:a1', '302', 60],
      ['BK-1:a2', '351', 30],
    ])
  })

  it("names the service in the page's language from the bill, else by its id", () => {
    const [first, second] = agendaEvents([order()], DAY)
    expect(first?.service).toBe('Glow facial')
    expect(agendaEvents([order()], { ...DAY, locale: 'de' })[0]?.service).toBe('Soin éclat')
    expect(second?.service).toBe('102')
  })

  it('gives the status, what was paid and what is still due', () => {
    const [event] = agendaEvents([order()], DAY)
    expect(event).toMatchObject({
      status: 'confirmed',
      payment: 'dueAtShop',
      paid: 2000,
      due: 4000,
      currency: 'EUR',
      tentative: false,
      customerId: '1001',
    })
    expect(agendaEvents([order({ status: 'pending' })], DAY)[0]?.tentative).toBe(true)
  })

  it('keeps another day, another shop and other resources out; a week holds its days', () => {
    const next = { ...DAY, from: '2026-12-01', to: '2026-12-01' }
    expect(agendaEvents([order()], next)[0]?.resourceId).toBe(UNASSIGNED)
    const week = { ...DAY, to: '2026-12-06' }
    expect(agendaEvents([order()], week).map((e) => e.id)).toEqual([
      'BK-1:a1',
      'BK-1:a2',
      'BK-1:a3',
    ])
    expect(agendaEvents([order()], { ...DAY, shopId: '2' })).toEqual([])
    const mine = agendaEvents([order()], { ...DAY, resourceIds: ['351'] })
    expect(mine.map((e) => e.id)).toEqual(['BK-1:a2'])
  })

  it('keeps the wall clock whatever the browser zone', () => {
    const date = wallClockDate('2026-03-29T02:30')
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2026, 2, 29])
    expect(wallClockDate('2026-11-30T10:15').getHours()).toBe(10)
  })
})
