import { describe, expect, it } from 'vitest'
import { type NeedEnv, needed } from './needs'

function env(patch: Partial<NeedEnv> = {}): NeedEnv {
  return { cookie: '', search: '', framed: false, storageItem: () => null, ...patch }
}

describe('client:when-needed conditions', () => {
  it('consent: needed until the preference cookie exists, never in preview', () => {
    expect(needed('consent', env())).toBe(true)
    expect(needed('consent', env({ cookie: 'a=1; preference-set=connection' }))).toBe(false)
    expect(needed('consent', env({ search: '?previewtheme=1' }))).toBe(false)
    expect(needed('consent', env({ framed: true }))).toBe(false)
  })

  it('cart: needed only when the e-shop cart cookie holds something', () => {
    expect(needed('cart', env())).toBe(false)
    expect(needed('cart', env({ cookie: 'eshop-cart=' }))).toBe(false)
    expect(needed('cart', env({ cookie: 'eshop-cart=%5B%5D' }))).toBe(true)
  })

  it('booking-cart reads local storage; any listed need suffices; unknown needs never do', () => {
    const stored = env({ storageItem: (key) => (key === 'booking-cart' ? '{}' : null) })
    expect(needed('booking-cart', stored)).toBe(true)
    expect(needed('cart, booking-cart', stored)).toBe(true)
    expect(needed('nope', env())).toBe(false)
  })
})
