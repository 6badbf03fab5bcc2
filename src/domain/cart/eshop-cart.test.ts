import { describe, expect, it } from 'vitest'
import {
  addEshopProduct,
  type EshopCart,
  emptyEshopCart,
  eshopCartCount,
  eshopCartTotal,
  eshopLineTotal,
  selectEshopShop,
  setEshopQuantity,
} from './eshop-cart'

interface Product {
  id: string
  name: string
  abId: string
  abIdShop: string
  /** minor units */
  price: number
}

const cream: Product = { id: '1', name: 'Crème', abId: '101', abIdShop: '7', price: 2490 }
const oil: Product = { id: '2', name: 'Huile', abId: '102', abIdShop: '7', price: 10 }

function withShop(): EshopCart<Product> {
  return selectEshopShop(emptyEshopCart<Product>(), '7')
}

describe('e-shop cart (docs/product/3-entities.md, docs/product/4-states.md)', () => {
  it('selecting a shop keeps the lines; selecting no shop (null) empties the cart', () => {
    const cart = addEshopProduct(withShop(), cream, 2)
    expect(selectEshopShop(cart, '8')).toEqual({ shopId: '8', items: cart.items })
    expect(selectEshopShop(cart, null)).toEqual({ shopId: null, items: [] })
  })

  it('a new product becomes a line with its quantity and keeps its fields', () => {
    const cart = addEshopProduct(withShop(), cream, 2)
    expect(cart.items).toEqual([{ ...cream, quantity: 2 }])
  })

  it('adding a quantity to an existing product updates its quantity', () => {
    const cart = addEshopProduct(addEshopProduct(withShop(), cream, 2), cream, 3)
    expect(cart.items).toEqual([{ ...cream, quantity: 5 }])
    expect(addEshopProduct(cart, cream, -1).items[0]?.quantity).toBe(4)
  })

  it('lines with quantity zero or less are dropped', () => {
    const cart = addEshopProduct(addEshopProduct(withShop(), cream, 2), oil)
    expect(addEshopProduct(cart, cream, -2).items.map((l) => l.id)).toEqual(['2'])
    expect(addEshopProduct(withShop(), cream, 0).items).toEqual([])
    expect(setEshopQuantity(cart, '2', 0).items.map((l) => l.id)).toEqual(['1'])
    expect(setEshopQuantity(cart, '1', -3).items.map((l) => l.id)).toEqual(['2'])
  })

  it('docs/product/9-constants.md#money-bounds: a line never holds more than 99 units, however it is added', () => {
    const cart = addEshopProduct(addEshopProduct(withShop(), cream, 98), cream, 5)
    expect(cart.items[0]?.quantity).toBe(99)
    expect(setEshopQuantity(cart, '1', 1_000_000).items[0]?.quantity).toBe(99)
    expect(addEshopProduct(withShop(), oil, 150).items[0]?.quantity).toBe(99)
  })

  it('setting a quantity replaces it', () => {
    const cart = setEshopQuantity(addEshopProduct(withShop(), cream, 2), '1', 9)
    expect(cart.items[0]?.quantity).toBe(9)
  })

  it('docs/product/2-screens.md mini cart: total and line price in integer minor units', () => {
    const cart = addEshopProduct(addEshopProduct(withShop(), cream, 2), oil, 3)
    expect(eshopCartTotal(cart)).toBe(2 * 2490 + 3 * 10)
    expect(eshopCartCount(cart)).toBe(5)
    const [line] = cart.items
    expect(line && eshopLineTotal(line)).toBe(4980)
  })

  it('never mutates the cart it is given', () => {
    const cart = addEshopProduct(withShop(), cream, 2)
    const snapshot = structuredClone(cart)
    addEshopProduct(cart, cream, 1)
    setEshopQuantity(cart, '1', 0)
    selectEshopShop(cart, null)
    expect(cart).toEqual(snapshot)
  })
})
