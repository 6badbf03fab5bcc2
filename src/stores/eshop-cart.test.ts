import { describe, expect, it } from 'vitest'
import { memoryCookieJar, memoryStorage } from './cookie-jar'
import {
  createEshopCartStore,
  ESHOP_CART_COOKIE,
  ESHOP_CART_NAMES_KEY,
  ESHOP_SHOP_COOKIE,
} from './eshop-cart'

const soap = { id: 'p1', name: 'Savon', price: 1250 }
const oil = { id: 'p2', name: 'Huile', price: 3000, image: '/storage/oil.jpg' }

describe('e-shop cart store', () => {
  it('adds, updates an existing line and keeps count and total', () => {
    const store = createEshopCartStore(memoryCookieJar())
    store.add(soap)
    store.add(soap, 2)
    store.add(oil)
    expect(store.$count.get()).toBe(4)
    expect(store.$total.get()).toBe(3 * 1250 + 3000)
  })

  it('persists lines and the selected shop in cookies and reads them back', () => {
    const jar = memoryCookieJar()
    const store = createEshopCartStore(jar)
    store.selectShop('s1')
    store.add(oil)
    expect(jar.get(ESHOP_SHOP_COOKIE)).toBe('s1')
    const again = createEshopCartStore(jar)
    expect(again.$cart.get()).toEqual({ shopId: 's1', items: [{ ...oil, quantity: 1 }] })
  })

  it('selecting no shop empties the cart and removes the cookies', () => {
    const jar = memoryCookieJar()
    const store = createEshopCartStore(jar)
    store.selectShop('s1')
    store.add(soap)
    store.selectShop(null)
    expect(store.$count.get()).toBe(0)
    expect(jar.get(ESHOP_CART_COOKIE)).toBeUndefined()
    expect(jar.get(ESHOP_SHOP_COOKIE)).toBeUndefined()
  })

  it('remove and a zero quantity drop the line', () => {
    const store = createEshopCartStore(memoryCookieJar())
    store.add(soap)
    store.add(oil)
    store.remove('p1')
    store.setQuantity('p2', 0)
    expect(store.$cart.get().items).toEqual([])
  })

  it('ignores a tampered cookie', () => {
    const jar = memoryCookieJar({ [ESHOP_CART_COOKIE]: '{"not":"a list"' })
    expect(createEshopCartStore(jar).$count.get()).toBe(0)
    const bad = memoryCookieJar({ [ESHOP_CART_COOKIE]: '[{"id":"x"}]' })
    expect(createEshopCartStore(bad).$count.get()).toBe(0)
  })
})

describe('e-shop line names per language', () => {
  it('keeps them in local storage, not in the cookie, and reads them back with the lines', () => {
    const jar = memoryCookieJar()
    const storage = memoryStorage()
    const store = createEshopCartStore(jar, storage)
    store.add({ ...soap, names: { fr: 'Savon', en: 'Soap' } })
    expect(jar.get(ESHOP_CART_COOKIE)).not.toContain('Soap')
    const again = createEshopCartStore(jar, storage)
    expect(again.$cart.get().items[0]?.names).toEqual({ fr: 'Savon', en: 'Soap' })
    again.remove('p1')
    expect(storage.getItem(ESHOP_CART_NAMES_KEY)).toBeNull()
  })

  it('reads a cart stored before names were kept, and one whose names storage lost', () => {
    const jar = memoryCookieJar({ [ESHOP_CART_COOKIE]: JSON.stringify([{ ...soap, quantity: 1 }]) })
    const lost = memoryStorage({ [ESHOP_CART_NAMES_KEY]: 'not json' })
    expect(createEshopCartStore(jar, lost).$cart.get().items).toEqual([{ ...soap, quantity: 1 }])
    expect(createEshopCartStore(jar).$cart.get().items).toEqual([{ ...soap, quantity: 1 }])
  })
})
