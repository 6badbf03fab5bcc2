import { describe, expect, it } from 'vitest'
import { createBookingCartStore } from '#stores/booking-cart'
import { memoryCookieJar, memoryStorage } from '#stores/cookie-jar'
import { createEshopCartStore } from '#stores/eshop-cart'
import { cartButtonShown, miniCart, removeMiniCartLine } from './mini-cart-state'

const massage = { id: 7, shopId: 's1', prices: 6000, name: 'Massage', image: '/m.jpg' }
const gift = { id: 7, shopId: 's1', prices: 5000, name: 'Bon cadeau', artType: 'gift' }
const soap = { id: 7, name: 'Savon', price: 1250 }

function carts() {
  const booking = createBookingCartStore(memoryStorage())
  const eshop = createEshopCartStore(memoryCookieJar())
  const view = () => miniCart(booking.$cart.get(), eshop.$cart.get(), 'fr')
  return { booking, eshop, view }
}

describe('mini cart of both carts', () => {
  it('is empty, with nothing to count, when both carts are', () => {
    const { view } = carts()
    expect(view()).toEqual({ lines: [], count: 0, total: 0 })
  })

  it('counts and totals the booking cart alone (it used to show nothing)', () => {
    const { booking, view } = carts()
    booking.add(massage, 2)
    expect(view()).toMatchObject({ count: 2, total: 12000 })
    expect(view().lines).toEqual([
      expect.objectContaining({
        kind: 'booking',
        name: 'Massage',
        quantity: 2,
        total: 12000,
        image: '/m.jpg',
      }),
    ])
  })

  it('lists booking lines then e-shop lines, with one count and one total, keys unique', () => {
    const { booking, eshop, view } = carts()
    booking.add(massage)
    booking.add(gift)
    eshop.add(soap, 3)
    const { lines, count, total } = view()
    expect(lines.map((line) => [line.kind, line.name, line.quantity, line.total])).toEqual([
      ['booking', 'Massage', 1, 6000],
      ['booking', 'Bon cadeau', 1, 5000],
      ['eshop', 'Savon', 3, 3750],
    ])
    expect(new Set(lines.map((line) => line.key)).size).toBe(3)
    expect(count).toBe(5)
    expect(total).toBe(14750)
    expect(lines[2]?.image).toBeNull()
  })

  it('removes a whole line from its own cart only', () => {
    const { booking, eshop, view } = carts()
    booking.add(massage, 2)
    booking.add(gift)
    eshop.add(soap, 3)
    const [first, second, third] = view().lines
    if (!first || !second || !third) throw new Error('three lines expected')
    removeMiniCartLine(first, { booking, eshop })
    expect(view().lines.map((line) => line.name)).toEqual(['Bon cadeau', 'Savon'])
    removeMiniCartLine(third, { booking, eshop })
    expect(view().lines.map((line) => line.name)).toEqual(['Bon cadeau'])
    removeMiniCartLine(second, { booking, eshop })
    expect(view()).toEqual({ lines: [], count: 0, total: 0 })
  })

  it('the button shows with items, or while its panel is open to say the cart is empty', () => {
    expect(cartButtonShown(0, false)).toBe(false)
    expect(cartButtonShown(1, false)).toBe(true)
    expect(cartButtonShown(0, true)).toBe(true)
  })
})

describe('mini cart names', () => {
  it("names each line in the page's language, an old line by its stored name", () => {
    const booking = createBookingCartStore(memoryStorage())
    const eshop = createEshopCartStore(memoryCookieJar(), memoryStorage())
    booking.add({ ...massage, names: { fr: 'Massage', en: 'Massage EN' } })
    eshop.add({ ...soap, names: { fr: 'Savon', en: 'Soap' } })
    eshop.add({ id: 8, name: 'Huile', price: 3000 })
    const names = miniCart(booking.$cart.get(), eshop.$cart.get(), 'en').lines.map((l) => l.name)
    expect(names).toEqual(['Massage EN', 'Soap', 'Huile'])
  })
})

describe('mini cart with the e-shop closed (docs/decisions/063-last-partial-rows-of-the-api.md)', () => {
  it('leaves out the e-shop lines a cookie kept, and counts only the booking cart', () => {
    const { booking, eshop } = carts()
    booking.add(massage, 1)
    eshop.add(soap, 3)
    const open = miniCart(booking.$cart.get(), eshop.$cart.get(), 'fr', true)
    expect(open.count).toBe(4)
    const closed = miniCart(booking.$cart.get(), eshop.$cart.get(), 'fr', false)
    expect(closed).toMatchObject({ count: 1, total: 6000 })
    expect(closed.lines.map((l) => l.kind)).toEqual(['booking'])
  })
})
