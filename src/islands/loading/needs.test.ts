import fc from 'fast-check'
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

  // docs/decisions/058-consent-first-visit.md: the first page of a first visit waits for the answer
  it('answered: only once the preference cookie holds a choice, the opposite of consent outside preview', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          '',
          'a=1',
          'preference-set=',
          'preference-set=connection',
          'x=2; preference-set=connection.analytics',
        ),
        (cookie) => {
          const answered = needed('answered', env({ cookie }))
          expect(answered).toBe(/preference-set=[^;\s]/.test(cookie))
          expect(answered).toBe(!needed('consent', env({ cookie })))
        },
      ),
    )
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

  it('reserve: only a service page asked with page=reserved (docs/product/2-screens.md)', () => {
    expect(needed('reserve', env({ search: '?page=reserved' }))).toBe(true)
    expect(needed('reserve', env({ search: '?tab=2&page=reserved' }))).toBe(true)
    expect(needed('reserve', env())).toBe(false)
    expect(needed('reserve', env({ search: '?page=reservedx' }))).toBe(false)
  })
})

describe('vanilla page needs', () => {
  it('alerts badge: unread while a current alert id has not been opened', async () => {
    const { openedAlerts, unreadAlerts } = await import('./needs')
    expect(unreadAlerts(['601', '602'], openedAlerts('["601"]'))).toEqual(['602'])
    expect(unreadAlerts(['601'], openedAlerts('["601",602]'))).toEqual([])
    expect(unreadAlerts(['601'], openedAlerts('{broken'))).toEqual(['601'])
    expect(unreadAlerts(['601'], openedAlerts(null))).toEqual(['601'])
  })

  it('events open on load on any page, once per visit, whatever the cookie answer, never in preview', async () => {
    const { eventsOnLoad } = await import('./needs')
    const visit = { ...env(), shown: false }
    expect(eventsOnLoad(2, visit)).toBe(true)
    expect(eventsOnLoad(1, { ...env({ cookie: 'preference-set=connection' }), shown: false })).toBe(
      true,
    )
    expect(eventsOnLoad(0, visit)).toBe(false)
    expect(eventsOnLoad(2, { ...visit, shown: true })).toBe(false)
    expect(eventsOnLoad(1, { ...visit, framed: true })).toBe(false)
    expect(eventsOnLoad(1, { ...visit, search: '?previewtheme' })).toBe(false)
  })

  it('coupon: once the cookie dialog is answered, until the dismissal cookie exists; preview: framed or ?previewtheme', async () => {
    const { couponNeeded, previewActive } = await import('./needs')
    const answered = 'preference-set=connection'
    expect(couponNeeded(env({ cookie: answered }))).toBe(true)
    expect(couponNeeded(env())).toBe(false)
    expect(couponNeeded(env({ cookie: `${answered}; coupon-dismissed=1` }))).toBe(false)
    expect(couponNeeded(env({ cookie: answered, framed: true }))).toBe(false)
    expect(previewActive(env())).toBe(false)
    expect(previewActive(env({ framed: true }))).toBe(true)
    expect(previewActive(env({ search: '?a=1&previewtheme=1' }))).toBe(true)
  })
})
