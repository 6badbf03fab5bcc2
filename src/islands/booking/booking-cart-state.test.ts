import { describe, expect, it } from 'vitest'
import { ApiError } from '#api/errors'
import type { AppointmentRequestInput } from '#contract/appointment'
import type { BookingSlot } from '#domain/booking/booking-line'
import type { HoldRecord } from '#domain/booking/holds'
import type { BookingCartLine } from '#domain/cart/booking-cart'
import type { BookingItem } from '#stores/booking-cart'
import {
  appointmentRequestOf,
  bookingCartReducer,
  cartLines,
  couponLinesKey,
  type HoldDeps,
  holdSlots,
  initialBookingCartState,
  isGiftRefusal,
  pendingConfirmation,
  releaseHold,
  sameCart,
} from './booking-cart-state'

function item(serviceId: string, start: string, extra: Record<string, unknown> = {}) {
  const line: BookingCartLine<BookingItem> & Record<string, unknown> = {
    id: `${serviceId}@${start}`,
    shopId: 's1',
    prices: 3000,
    name: `Soin ${serviceId}`,
    nb: 1,
    serviceId,
    start,
    end: start.replace(/T(\d\d)/, (_, h: string) => `T${String(Number(h) + 1).padStart(2, '0')}`),
    shopName: 'Lumière',
    employeeId: null,
    employeeName: null,
    ...extra,
  }
  return line
}

const morning = item('a', '2026-12-01T10:00')
const afternoon = item('b', '2026-12-01T14:00', { employeeId: 'e1', employeeName: 'Ana' })

describe('booking cart reducer', () => {
  it('holds, goes back on the cart on a refusal, then to the payment with the requests', () => {
    let state = bookingCartReducer(initialBookingCartState, { type: 'giftCode', value: ' G1 ' })
    state = bookingCartReducer(state, { type: 'refused', message: 'Créneau pris' })
    expect(state).toMatchObject({ stage: 'cart', error: 'Créneau pris', giftCode: ' G1 ' })
    state = bookingCartReducer(state, { type: 'holding' })
    expect(state).toMatchObject({ stage: 'holding', error: null })
    const requests: AppointmentRequestInput[] = []
    state = bookingCartReducer(state, { type: 'held', requests })
    expect(state.stage).toBe('payment')
    expect(state.requests).toBe(requests)
    state = bookingCartReducer(state, { type: 'refused', message: 'Code inconnu' })
    state = bookingCartReducer(state, { type: 'backToCart' })
    expect(state).toMatchObject({ stage: 'cart', error: 'Code inconnu' })
    expect(bookingCartReducer(state, { type: 'removed' })).toMatchObject({ error: null })
    expect(bookingCartReducer(state, { type: 'done' }).stage).toBe('done')
    const coupon = { code: 'C', name: '', discount: 1, total: 2 }
    expect(bookingCartReducer(state, { type: 'coupon', coupon }).coupon).toBe(coupon)
  })
})

describe('booking cart rules', () => {
  it('lists the lines with a slot by start, priced by count', () => {
    const lines = cartLines([
      { ...afternoon, nb: 2 },
      morning,
      { id: 'x', shopId: 's1', prices: 1, name: 'old', nb: 1 },
    ])
    expect(lines.map((line) => [line.id, line.prices])).toEqual([
      ['a@2026-12-01T10:00', 3000],
      ['b@2026-12-01T14:00', 6000],
    ])
    expect(couponLinesKey(lines)).toBe('a@2026-12-01T10:00,b@2026-12-01T14:00')
  })

  it('sends the employee, and the trimmed gift code only when asked', () => {
    const [first, second] = cartLines([morning, afternoon]).map((line) => line.slot)
    if (!first || !second) throw new Error('two lines')
    expect(appointmentRequestOf('s1', second, ' G1 ', true)).toEqual({
      shopid: 's1',
      serviceid: 'b',
      start: '2026-12-01T14:00',
      end: '2026-12-01T15:00',
      myAppointment: { employeeId: 'e1', giftCode: 'G1' },
    })
    expect(appointmentRequestOf('s1', first, 'G1', false).myAppointment).toEqual({})
    expect(appointmentRequestOf('s1', first, '  ', true).myAppointment).toEqual({})
  })

  it('keeps the confirmation with the shop address, else the shop name', () => {
    const lines = cartLines([morning])
    const data = pendingConfirmation('c1', 'R-1', 's1', lines, { s1: 'Lumière, 1 rue' })
    expect(data).toMatchObject({ cartId: 'c1', orderId: null, ideorder: 'R-1', shopId: 's1' })
    expect(data.location).toBe('Lumière, 1 rue')
    expect(data.lines[0]).toMatchObject({ name: 'Soin a', serviceId: 'a' })
    expect(pendingConfirmation('', null, 's2', lines, {}).location).toBe('Lumière')
  })

  it("sends the gift code's refusals back to the cart, nothing else", () => {
    expect(isGiftRefusal(new ApiError(404, 'x', { type: 'giftExpired' }))).toBe(true)
    expect(isGiftRefusal(new ApiError(429, 'x', { type: 'tooManyCodeChecks' }))).toBe(true)
    expect(isGiftRefusal(new ApiError(409, 'x', { type: 'slotTaken' }))).toBe(false)
    expect(isGiftRefusal(new Error('giftExpired'))).toBe(false)
    expect(sameCart({ items: [1] }, { items: [1] })).toBe(true)
    expect(sameCart({ items: [1] }, { items: [] })).toBe(false)
  })
})

/** Session storage and the appointments API, recorded. */
function fakeHolds(stored: HoldRecord | null, refuse: string | null = null) {
  const log: unknown[] = []
  let record = stored
  let next = 0
  const deps: HoldDeps = {
    readHolds: () => record,
    writeHolds: (value) => {
      record = value
      log.push(['write', value.held.map((h) => h.appointmentId)])
    },
    hold: async (request) => {
      log.push(['hold', request.serviceid])
      if (request.serviceid === refuse) throw new ApiError(409, 'taken', { type: 'slotTaken' })
      next += 1
      return {
        ideorder: 'R-7',
        appointments: [
          { id: `ap${next}`, serviceId: String(request.serviceid), start: request.start },
        ],
      }
    },
    release: async (id) => {
      log.push(['release', id])
      throw new Error('already gone')
    },
    now: () => 1_000_000,
  }
  return { log, deps, read: () => record }
}

describe('holds', () => {
  const slots = cartLines([morning, afternoon]).map((line) => line.slot)
  const request = (slot: BookingSlot) => appointmentRequestOf('s1', slot, '', false)

  it('releases what left the cart, keeps a live hold and holds the rest in order', async () => {
    const stored: HoldRecord = {
      shopId: 's1',
      at: 1_000_000 - 60_000,
      held: [
        { serviceId: 'a', start: '2026-12-01T10:00', appointmentId: 'old-a' },
        { serviceId: 'z', start: '2026-12-01T09:00', appointmentId: 'old-z' },
      ],
    }
    const holds = fakeHolds(stored)
    expect(await holdSlots(holds.deps, 's1', slots, request)).toEqual({ ok: true })
    expect(holds.log).toEqual([
      ['release', 'old-z'],
      ['hold', 'b'],
      ['write', ['old-a', 'ap1']],
    ])
    // the cart's clock is its first hold's (docs/decisions/062-visit-bound-and-list-params.md)
    expect(holds.read()).toMatchObject({ shopId: 's1', at: 1_000_000 - 60_000, ideorder: 'R-7' })
  })

  it('holds everything again for a stale record or another shop, and stops at a refusal', async () => {
    const stale: HoldRecord = { shopId: 's1', at: 0, held: [] }
    const holds = fakeHolds(stale, 'b')
    const result = await holdSlots(holds.deps, 's1', slots, request)
    expect(result).toMatchObject({ ok: false, slot: slots[1] })
    expect(!result.ok && result.failure instanceof ApiError).toBe(true)
    expect(holds.log).toEqual([
      ['hold', 'a'],
      ['write', ['ap1']],
      ['hold', 'b'],
    ])
  })

  it("releases a removed line's hold at once, and nothing for a line not held", async () => {
    const stored: HoldRecord = {
      shopId: 's1',
      at: 1,
      held: [{ serviceId: 'a', start: '2026-12-01T10:00', appointmentId: 'ap-a' }],
    }
    const holds = fakeHolds(stored)
    const [first, second] = slots
    if (!first || !second) throw new Error('two slots')
    await releaseHold(holds.deps, second)
    expect(holds.log).toEqual([])
    await releaseHold(holds.deps, first)
    expect(holds.log).toEqual([
      ['write', []],
      ['release', 'ap-a'],
    ])
  })
})
