import { describe, expect, test } from 'vitest'
import { appointmentRequest } from './appointment'
import { bookingCart, bookingCartItem, eshopCartItem } from './cart'

const item = {
  id: 101,
  name: { fr: 'Soin' },
  type: '1',
  prices: 7500,
  slug: 'soin',
  nb: 2,
  shopId: 1,
}

describe('carts and bookings', () => {
  test("docs/product/3-entities.md: a booking cart item's artType defaults to 'article'", () => {
    expect(bookingCartItem.parse(item).artType).toBe('article')
  })

  test('docs/product/4-states.md: a stored line has a positive count; an empty cart has no shop', () => {
    expect(bookingCartItem.safeParse({ ...item, nb: 0 }).success).toBe(false)
    expect(bookingCart.parse({})).toEqual({ shopId: null, items: [] })
  })

  test('docs/product/3-entities.md: an e-shop cart item carries back-office ids and a minor-unit price', () => {
    const e = eshopCartItem.parse({
      id: 201,
      name: { fr: 'Sérum' },
      abId: 20201,
      abIdShop: 5001,
      price: 3900,
      quantity: 1,
    })
    expect(e).toMatchObject({ abId: '20201', abIdShop: '5001', price: 3900 })
  })

  test("docs/product/3-entities.md, docs/product/7-calls.md: an appointment defaults to mode '1' and checks off; same-day wall-clock", () => {
    const a = appointmentRequest.parse({
      shopid: 1,
      serviceid: 101,
      start: '2026-12-01T10:00',
      end: '2026-12-01T11:00',
      myAppointment: {},
    })
    expect(a).toMatchObject({ mode: '1', checkGiftLimit: false, checkEquipments: false })
    const overnight = { ...a, end: '2026-12-02T01:00' }
    expect(appointmentRequest.safeParse(overnight).success).toBe(false)
  })
})
