import { describe, expect, it } from 'vitest'
import { VISIT_MAX_SERVICES } from '#contract/constants'
import { lineIdOf, localDateTimeOf } from '#domain/booking/booking-line'
import type { BookingItem } from '#stores/booking-cart'
import {
  type AddEffects,
  addToCart,
  type BookingIslandEvent,
  bookingIslandReducer,
  firstShop,
  initialBookingIsland,
} from './booking-island-state'
import type { OfferingShop } from './types'

const shop = (id: string, active = true): OfferingShop => ({
  id,
  slug: id,
  name: `Shop ${id}`,
  active,
  timeZone: 'Europe/Paris',
  price: 4500,
  city: 'Annecy',
})
const A = shop('a')
const B = shop('b')
const run = (events: BookingIslandEvent[]) =>
  events.reduce(bookingIslandReducer, initialBookingIsland)
const slot = { date: '2026-12-01', start: 600, end: 660, employeeId: 'e1', employeeName: 'Zoé' }

describe('firstShop', () => {
  it('takes the fixed shop, else the cart’s, else the only one', () => {
    expect(firstShop([A, B], 'b', 'a')).toBe(B)
    expect(firstShop([A, B], undefined, 'b')).toBe(B)
    expect(firstShop([A], undefined, null)).toBe(A)
    expect(firstShop([A], undefined, 'gone')).toBe(A)
  })

  it('asks with the dialog among several, never on a shop page', () => {
    expect(firstShop([A, B], undefined, null)).toBe('dialog')
    expect(firstShop([A, B], 'closed', 'a')).toBeNull()
    expect(firstShop([], undefined, null)).toBeNull()
  })
})

describe('booking island reducer', () => {
  it('starts with the first shop, the dialog, or nothing', () => {
    expect(run([{ type: 'started', first: A }])).toMatchObject({ shop: A, dialog: false })
    expect(run([{ type: 'started', first: 'dialog' }])).toMatchObject({ shop: null, dialog: true })
    expect(run([{ type: 'started', first: null }])).toEqual(initialBookingIsland)
  })

  it('a shop chosen in the dialog closes it, forgets the slot and the notice, and focuses the picker', () => {
    const state = run([
      { type: 'started', first: A },
      { type: 'slotSelected', slot },
      { type: 'noticed', notice: { kind: 'overlap' } },
      { type: 'dialogOpened' },
      { type: 'shopChosen', shop: B },
    ])
    expect(state).toEqual({
      shop: B,
      dialog: false,
      chosenInDialog: true,
      selected: null,
      notice: null,
    })
  })

  it('cancelling the dialog keeps the shop', () => {
    expect(
      run([{ type: 'started', first: A }, { type: 'dialogOpened' }, { type: 'dialogCancelled' }]),
    ).toMatchObject({ shop: A, dialog: false, chosenInDialog: false })
  })

  it('a new slot clears the notice; added clears the slot, a refusal keeps it', () => {
    const picked = run([{ type: 'slotSelected', slot }])
    expect(picked.selected).toBe(slot)
    const refused = bookingIslandReducer(picked, { type: 'noticed', notice: { kind: 'refused' } })
    expect(refused).toMatchObject({ selected: slot, notice: { kind: 'refused' } })
    expect(bookingIslandReducer(refused, { type: 'slotSelected', slot }).notice).toBeNull()
    const added = bookingIslandReducer(picked, { type: 'noticed', notice: { kind: 'added', slot } })
    expect(added).toMatchObject({ selected: null, notice: { kind: 'added', slot } })
  })
})

describe('addToCart', () => {
  const service = { serviceId: 's1', serviceName: 'Soin', artType: 'service', image: undefined }

  function cart(accepts: boolean) {
    const added: BookingItem[] = []
    const announced: string[] = []
    const effects: AddEffects = {
      add: (item) => {
        added.push(item)
        return accepts
      },
      announce: () => announced.push('booking-cart'),
    }
    return { effects, added, announced }
  }

  it('adds the line at the shop’s price and announces the booking cart', () => {
    const c = cart(true)
    expect(addToCart({ service, shop: A, selected: slot, cartSlots: [] }, c.effects)).toEqual({
      kind: 'added',
      slot,
    })
    expect(c.added).toEqual([
      {
        id: lineIdOf('s1', '2026-12-01T10:00'),
        shopId: 'a',
        prices: 4500,
        artType: 'service',
        name: 'Soin',
        image: null,
        serviceId: 's1',
        start: '2026-12-01T10:00',
        end: '2026-12-01T11:00',
        employeeId: 'e1',
        employeeName: 'Zoé',
        shopName: 'Shop a',
        timeZone: 'Europe/Paris',
      },
    ])
    expect(c.announced).toEqual(['booking-cart'])
  })

  it('refuses a slot overlapping the cart without touching it', () => {
    const c = cart(true)
    const held = {
      serviceId: 's2',
      start: '2026-12-01T10:30',
      end: '2026-12-01T11:30',
      employeeId: null,
      employeeName: null,
      shopName: 'Shop a',
      timeZone: 'Europe/Paris',
    }
    expect(addToCart({ service, shop: A, selected: slot, cartSlots: [held] }, c.effects)).toEqual({
      kind: 'overlap',
    })
    expect(c.added).toEqual([])
  })

  it("refuses a day the cart already holds a visit's worth of (docs/decisions/062-visit-bound-and-list-params.md)", () => {
    const c = cart(true)
    const day = Array.from({ length: VISIT_MAX_SERVICES }, (_, i) => ({
      serviceId: `s${i + 2}`,
      start: localDateTimeOf('2026-12-01', 11 * 60 + 30 * i),
      end: localDateTimeOf('2026-12-01', 11 * 60 + 30 * (i + 1)),
      employeeId: null,
      employeeName: null,
      shopName: 'Shop a',
      timeZone: 'Europe/Paris',
    }))
    expect(addToCart({ service, shop: A, selected: slot, cartSlots: day }, c.effects)).toEqual({
      kind: 'visitFull',
    })
    expect(c.added).toEqual([])
    // one fewer: the slot (10:00-11:00, before them) is added
    const fewer = day.slice(1)
    expect(addToCart({ service, shop: A, selected: slot, cartSlots: fewer }, c.effects).kind).toBe(
      'added',
    )
  })

  it('says so when the cart holds another shop’s services', () => {
    const c = cart(false)
    expect(addToCart({ service, shop: A, selected: slot, cartSlots: [] }, c.effects)).toEqual({
      kind: 'refused',
    })
    expect(c.announced).toEqual([])
  })
})
