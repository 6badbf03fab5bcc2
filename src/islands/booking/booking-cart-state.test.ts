import { describe, expect, it } from 'vitest'
import { ApiError } from '#api/errors'
import { type HeldCart, heldCart } from '#contract/held-cart'
import type { BookingCartLine } from '#domain/cart/booking-cart'
import type { BookingItem } from '#stores/booking-cart'
import {
  bookingCartReducer,
  cartLines,
  cartSlotOf,
  couponLinesKey,
  initialBookingCartState,
  isGiftRefusal,
  linesFromServer,
  pendingConfirmation,
  refusedSlotIndex,
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
  it('holds, goes back on the cart on a refusal, then to the payment with the server’s cart', () => {
    let state = bookingCartReducer(initialBookingCartState, { type: 'giftCode', value: ' G1 ' })
    state = bookingCartReducer(state, { type: 'refused', message: 'Créneau pris' })
    expect(state).toMatchObject({ stage: 'cart', error: 'Créneau pris', giftCode: ' G1 ' })
    state = bookingCartReducer(state, { type: 'holding' })
    expect(state).toMatchObject({ stage: 'holding', error: null })
    const cart = serverCart([])
    state = bookingCartReducer(state, { type: 'held', cart })
    expect(state.stage).toBe('payment')
    expect(state.server).toBe(cart)
    expect(bookingCartReducer(state, { type: 'forgotten' }).server).toBeNull()
    const restored = bookingCartReducer(initialBookingCartState, { type: 'restored', cart })
    expect(restored).toMatchObject({ stage: 'cart', server: cart })
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

  it('asks the cart for each line’s slot, with the employee picked', () => {
    const [first, second] = cartLines([morning, afternoon]).map((line) => line.slot)
    if (!first || !second) throw new Error('two lines')
    expect(cartSlotOf(second)).toEqual({
      serviceid: 'b',
      start: '2026-12-01T14:00',
      end: '2026-12-01T15:00',
      myAppointment: { employeeId: 'e1' },
    })
    expect(cartSlotOf(first).myAppointment).toEqual({})
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

/** A server cart answering these appointments, as PUT and GET /api/appointments/cart do. */
function serverCart(
  appointments: {
    serviceId: string
    start: string
    end: string
    employeeId?: string
    price: number
  }[],
): HeldCart {
  const money = (amount: number) => ({ amount, currency: 'EUR' })
  return heldCart.parse({
    cartId: 'c1',
    expiresAt: '2026-12-01T09:15:00+01:00',
    order: {
      id: 'c1',
      ideorder: 'B20261201-SERVER',
      customerId: 'u1',
      shopId: 's1',
      status: 'pending',
      appointments: appointments.map((a, i) => ({
        id: `ap${i}`,
        shopId: 's1',
        serviceId: a.serviceId,
        employeeId: a.employeeId,
        start: a.start,
        end: a.end,
        price: money(a.price),
      })),
      total: money(appointments.reduce((sum, a) => sum + a.price, 0)),
      paid: money(0),
      createdAt: '2026-12-01T09:00:00+01:00',
      bill: {
        shopName: 'Lumière',
        lines: [
          {
            articleId: 'c',
            name: { fr: 'Soin c', en: 'Treatment c' },
            quantity: 1,
            unitPrice: money(5000),
            total: money(5000),
            vat: money(833),
          },
        ],
        subtotal: money(0),
        vat: money(0),
        total: money(0),
        payment: 'pending',
      },
    },
  })
}

describe('the server’s cart is what the page shows (docs/decisions/073-one-cart.md)', () => {
  it('held lines take the server’s price and employee; names stay the page’s', () => {
    const tampered = { ...morning, prices: 1 }
    const server = serverCart([
      {
        serviceId: 'a',
        start: '2026-12-01T10:00',
        end: '2026-12-01T11:00',
        employeeId: 'e9',
        price: 3000,
      },
    ])
    const [line, ...rest] = linesFromServer([tampered], server)
    expect(rest).toEqual([])
    expect(line).toMatchObject({
      id: 'a@2026-12-01T10:00',
      name: 'Soin a',
      prices: 3000,
      nb: 1,
      employeeId: 'e9',
      employeeName: null,
    })
  })

  it('a line the server holds and the page lost comes back, named by the server’s bill', () => {
    const server = serverCart([
      { serviceId: 'a', start: '2026-12-01T10:00', end: '2026-12-01T11:00', price: 3000 },
      { serviceId: 'c', start: '2026-12-01T11:00', end: '2026-12-01T11:30', price: 5000 },
    ])
    const lines = linesFromServer([morning], server)
    expect(lines.map((l) => [l.id, l.prices])).toEqual([
      ['a@2026-12-01T10:00', 3000],
      ['c@2026-12-01T11:00', 5000],
    ])
    expect(lines[1]).toMatchObject({ name: 'Soin c', names: { fr: 'Soin c', en: 'Treatment c' } })
    expect(cartLines(lines).map((l) => l.slot.shopName)).toEqual(['Lumière', 'Lumière'])
  })

  it('a line the page picked and the server does not hold stays, as picked', () => {
    const server = serverCart([
      { serviceId: 'a', start: '2026-12-01T10:00', end: '2026-12-01T11:00', price: 3000 },
    ])
    expect(linesFromServer([morning, afternoon], server).map((l) => l.id)).toEqual([
      'a@2026-12-01T10:00',
      'b@2026-12-01T14:00',
    ])
  })

  it('reads which slot the server refused from the error body', () => {
    expect(refusedSlotIndex(new ApiError(409, 'x', { raw: { slot: 1 }, type: 'conflict' }))).toBe(1)
    expect(refusedSlotIndex(new ApiError(409, 'x', { raw: { errors: {} } }))).toBeNull()
    expect(refusedSlotIndex(new Error('x'))).toBeNull()
  })
})
