import { describe, expect, it } from 'vitest'
import { ApiError } from '#api/errors'
import type { StockVerdict } from '#domain/eshop/checkout'
import {
  type CheckoutEffects,
  checkout,
  type EshopCartEvent,
  type EshopCartState,
  eshopCartReducer,
  eshopPaymentBody,
  initialEshopCartState,
  initializeEshopPayment,
  loginAddress,
  orderNumber,
  pricedCart,
} from './eshop-cart-state'

const line = (id: string, price: number, quantity: number) => ({
  id,
  name: `P${id}`,
  price,
  quantity,
})
const SHOPS = [{ id: '1' }, { id: '2' }]

function run(events: EshopCartEvent[], from: EshopCartState = initialEshopCartState) {
  return events.reduce(eshopCartReducer, from)
}

/** Effects that record what checkout did; verifyStock answers from `stock` (id -> units). */
function effects(stock: Record<string, number> | 'fails') {
  const done: string[] = []
  const events: EshopCartEvent[] = []
  const calls: { ids: string; qty: string }[] = []
  const fx: CheckoutEffects = {
    dispatch: (event) => events.push(event),
    selectShop: (shop) => done.push(`select ${String(shop)}`),
    focusShopChoice: () => done.push('focus shop'),
    toLogin: () => done.push('login'),
    verifyStock: async (batch) => {
      calls.push(batch)
      if (stock === 'fails') throw new ApiError(503, 'down')
      return batch.ids.split(',').map(
        (id): StockVerdict => ({
          articleId: id,
          stock: stock[id] ?? 0,
          available: (stock[id] ?? 0) >= Number(batch.qty),
        }),
      )
    },
  }
  return { fx, done, events, calls, state: () => run(events) }
}

describe('e-shop cart reducer', () => {
  it('checkout: verifying, then the payment for the verified shop', () => {
    const state = run([{ type: 'checkoutStarted' }, { type: 'verifying' }])
    expect(state.step).toBe('verifying')
    expect(run([{ type: 'verified', shopId: '2' }], state)).toMatchObject({
      step: 'payment',
      shopId: '2',
    })
  })

  it('keeps an error and the refusals until a new checkout, a shop or a quantity clears them', () => {
    const short = [{ id: '1', requested: 3, stock: 1 }]
    const failed = run([{ type: 'shopMissing' }, { type: 'stockShort', shortages: short }])
    expect(failed).toMatchObject({ error: 'eshop.shopRequired', shortages: short, step: 'cart' })
    expect(run([{ type: 'shopChosen' }], failed)).toMatchObject({ error: null, shortages: short })
    expect(run([{ type: 'quantityChanged' }], failed)).toMatchObject({
      error: 'eshop.shopRequired',
      shortages: [],
    })
    expect(run([{ type: 'checkoutStarted' }], failed)).toMatchObject({ error: null, shortages: [] })
  })

  it('a failed verification goes back to the cart with its error', () => {
    expect(run([{ type: 'verifying' }, { type: 'checkoutFailed' }])).toMatchObject({
      step: 'cart',
      error: 'eshop.checkoutError',
    })
  })

  it('drops the coupon when the lines change, keeps it on the way back from the payment', () => {
    const coupon = { code: 'SPRING', name: '', discount: 500, total: 1500 }
    const applied = run([
      { type: 'couponChanged', coupon },
      { type: 'verified', shopId: '1' },
    ])
    expect(run([{ type: 'backToCart' }], applied)).toMatchObject({ step: 'cart', coupon })
    expect(run([{ type: 'linesChanged' }], applied).coupon).toBeNull()
  })

  it('ordered: the number and what is due at the shop', () => {
    expect(run([{ type: 'ordered', order: 'E-12', dueAtShop: 2500 }])).toMatchObject({
      step: 'done',
      order: 'E-12',
      dueAtShop: 2500,
    })
  })
})

describe('pricedCart', () => {
  const stored = { shopId: '2', items: [line('10', 1000, 2), line('11', 500, 1)] }

  it("prices the lines at the chosen shop's prices and says the store needs writing", () => {
    const priced = pricedCart(stored, { '10': { '2': 1200 } }, SHOPS)
    expect(priced.repriced).toBe(true)
    expect(priced.cart.items.map((l) => l.price)).toEqual([1200, 500])
    expect(priced.total).toBe(2900)
    expect(priced.shop).toBe('2')
  })

  it('keeps the stored cart when the prices hold, and without a shop', () => {
    expect(pricedCart(stored, { '10': { '2': 1000 } }, SHOPS)).toMatchObject({
      cart: stored,
      repriced: false,
      total: 2500,
    })
    const noShop = { ...stored, shopId: null }
    expect(pricedCart(noShop, { '10': { '2': 1200 } }, SHOPS)).toMatchObject({
      repriced: false,
      shop: null,
    })
  })

  it('keys the coupon by the shop and the lines', () => {
    const key = pricedCart(stored, undefined, SHOPS).couponKey
    expect(pricedCart(stored, undefined, SHOPS).couponKey).toBe(key)
    const more = { ...stored, items: [line('10', 1000, 3), line('11', 500, 1)] }
    expect(pricedCart(more, undefined, SHOPS).couponKey).not.toBe(key)
    expect(pricedCart({ ...stored, shopId: '1' }, undefined, SHOPS).couponKey).not.toBe(key)
  })
})

describe('checkout', () => {
  const cart = { shopId: '1', items: [line('10', 1000, 2), line('11', 500, 1)] }

  it('asks for a shop among several, focusing the choice, and calls nothing', async () => {
    const run = effects({})
    await checkout({ cart: { ...cart, shopId: null }, shops: SHOPS }, true, run.fx)
    expect(run.state().error).toBe('eshop.shopRequired')
    expect(run.done).toEqual(['focus shop'])
    expect(run.calls).toEqual([])
  })

  it('sends a signed-out customer to the login page, with the only shop selected', async () => {
    const run = effects({})
    await checkout({ cart: { ...cart, shopId: null }, shops: [{ id: '7' }] }, false, run.fx)
    expect(run.done).toEqual(['select 7', 'login'])
    expect(run.calls).toEqual([])
  })

  it('verifies the stock per quantity and opens the payment when every line is served', async () => {
    const run = effects({ '10': 5, '11': 5 })
    await checkout({ cart, shops: SHOPS }, true, run.fx)
    expect(run.calls).toEqual([
      { ids: '10', qty: '2' },
      { ids: '11', qty: '1' },
    ])
    expect(run.state()).toMatchObject({ step: 'payment', shopId: '1', error: null })
    expect(run.done).toEqual([])
  })

  it('stays on the cart with the refusals', async () => {
    const run = effects({ '10': 1, '11': 5 })
    await checkout({ cart, shops: SHOPS }, true, run.fx)
    expect(run.state()).toMatchObject({
      step: 'cart',
      shortages: [{ id: '10', requested: 2, stock: 1 }],
    })
  })

  it('words a failed verification with the checkout error', async () => {
    const run = effects('fails')
    await checkout({ cart, shops: SHOPS }, true, run.fx)
    expect(run.state()).toMatchObject({ step: 'cart', error: 'eshop.checkoutError' })
  })
})

describe('payment effects', () => {
  it('the body: purpose eshop, the shop, the lines, the coupon when applied', () => {
    expect(eshopPaymentBody('2', [line('10', 1000, 2)])).toEqual({
      purpose: 'eshop',
      shopId: '2',
      lines: [{ articleId: '10', quantity: 2 }],
    })
    expect(eshopPaymentBody(2, [], 'SPRING')).toMatchObject({ shopId: '2', couponCode: 'SPRING' })
  })

  it('a 401 goes to the login page; every failure reaches the payment step', async () => {
    const login: string[] = []
    const toLogin = () => login.push('login')
    const signedOut = new ApiError(401, 'no session')
    await expect(initializeEshopPayment(() => Promise.reject(signedOut), toLogin)).rejects.toBe(
      signedOut,
    )
    expect(login).toEqual(['login'])
    const down = new ApiError(503, 'down')
    await expect(initializeEshopPayment(() => Promise.reject(down), toLogin)).rejects.toBe(down)
    expect(login).toEqual(['login'])
    await expect(initializeEshopPayment(() => Promise.resolve('ok'), toLogin)).resolves.toBe('ok')
  })

  it("reads the order's number back, else keeps its id", async () => {
    expect(await orderNumber('42', async (id) => ({ number: `E-${id}` }))).toBe('E-42')
    expect(await orderNumber('42', () => Promise.reject(new Error('x')))).toBe('42')
    expect(await orderNumber(null, async () => ({ number: 'never' }))).toBeNull()
  })

  it('the login address comes back to the cart', () => {
    expect(loginAddress('/connexion', '/panier?x=1')).toBe('/connexion?redirect=%2Fpanier%3Fx%3D1')
  })
})
