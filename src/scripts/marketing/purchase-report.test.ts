import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { confirmPurchase, notePurchase, REPORTED_KEY } from '#stores/purchase'
import { reportPurchase } from './purchase-report'

class MemoryStorage {
  private items = new Map<string, string>()
  getItem = (key: string) => this.items.get(key) ?? null
  setItem = (key: string, value: string) => void this.items.set(key, value)
  removeItem = (key: string) => void this.items.delete(key)
}

const tags = { ga: 'G-1', aw: 'AW-2', awLabel: 'buy' }
const both = { analytics: true, marketing: true }
let win: { sessionStorage: MemoryStorage; localStorage: MemoryStorage; dataLayer?: unknown[] }
let doc: Document
const events = () =>
  (win.dataLayer ?? [])
    .map((args) => Array.from(args as ArrayLike<unknown>))
    .filter((a) => a[0] === 'event')

beforeEach(() => {
  win = { sessionStorage: new MemoryStorage(), localStorage: new MemoryStorage() }
  Object.assign(globalThis, { window: win })
  doc = { defaultView: win } as unknown as Document
})
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'window')
})

describe('the success page reports the order this tab paid (decision 032)', () => {
  it('reports nothing for a payment not known to have succeeded', () => {
    notePurchase('cart-1', 4500)
    expect(reportPurchase(tags, both, doc)).toEqual([])
    confirmPurchase('another-cart', 'order-x')
    expect(reportPurchase(tags, both, doc)).toEqual([])
    expect(events()).toEqual([])
  })

  it('sends the purchase and the conversion once, with the server order id, even when run again', () => {
    notePurchase('cart-1', 4500)
    confirmPurchase('cart-1', 'order-9')
    expect(reportPurchase(tags, both, doc)).toEqual(['purchase', 'conversion'])
    expect(reportPurchase(tags, both, doc)).toEqual([])
    expect(events()).toEqual([
      [
        'event',
        'purchase',
        {
          transaction_id: 'order-9',
          value: 45,
          currency: 'EUR',
          tax: 0,
          shipping: 0,
          send_to: 'G-1',
        },
      ],
      [
        'event',
        'conversion',
        { send_to: 'AW-2/buy', value: 45, currency: 'EUR', transaction_id: 'order-9' },
      ],
    ])
    expect(JSON.parse(win.localStorage.getItem(REPORTED_KEY) ?? '')).toEqual([
      'purchase:order-9',
      'conversion:order-9',
    ])
  })

  it('waits for each purpose: a later consent sends what it allows, once', () => {
    notePurchase('cart-2', 1999)
    confirmPurchase('cart-2', null)
    expect(reportPurchase(tags, { analytics: false, marketing: false }, doc)).toEqual([])
    expect(reportPurchase(tags, { analytics: true, marketing: false }, doc)).toEqual(['purchase'])
    expect(reportPurchase(tags, both, doc)).toEqual(['conversion'])
    expect(reportPurchase(tags, both, doc)).toEqual([])
    // no order id from the server: the cart it paid names the transaction
    expect(events().map((e) => (e[2] as { transaction_id: string }).transaction_id)).toEqual([
      'cart-2',
      'cart-2',
    ])
  })
})
