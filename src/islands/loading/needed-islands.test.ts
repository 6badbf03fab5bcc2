import { describe, expect, it } from 'vitest'
import { neededIsland, readNeededIsland } from './needed-islands'

// decision 010: the page writes these attributes, the header script reads them back
function dataset(attributes: Record<string, string>) {
  return {
    neededIsland: attributes['data-needed-island'],
    when: attributes['data-when'],
    props: attributes['data-props'],
  }
}

describe('islands mounted by the page script', () => {
  it('round-trips the island, its needs and its props through the element attributes', () => {
    const attributes = neededIsland('cart-button', ['cart'], {
      locale: 'de',
      cartHref: '/de/panier',
      defaultImage: undefined,
      money: { mCurrency: null, mCurrencyFormat: '#!' },
    })
    expect(attributes.class).toBe('needed-island')
    expect(readNeededIsland(dataset(attributes))).toEqual({
      island: 'cart-button',
      when: ['cart'],
      props: {
        locale: 'de',
        cartHref: '/de/panier',
        money: { mCurrency: null, mCurrencyFormat: '#!' },
      },
    })
  })

  it('keeps only known triggers; any listed one mounts the island', () => {
    const read = readNeededIsland({
      neededIsland: 'eshop-cart',
      when: 'cart, nope,booking-cart',
      props: '{}',
    })
    expect(read?.when).toEqual(['cart', 'booking-cart'])
    const search = readNeededIsland({ neededIsland: 'shop-search', when: 'visible', props: '{}' })
    expect(search?.when).toEqual(['visible'])
    // docs/decisions/058-consent-first-visit.md: the shop search mounts once answered or used
    const used = readNeededIsland({
      neededIsland: 'shop-search',
      when: 'answered,used',
      props: '{}',
    })
    expect(used?.when).toEqual(['answered', 'used'])
  })

  it('refuses an unknown island or props that are not a JSON object', () => {
    expect(readNeededIsland({ neededIsland: 'script', when: 'cart', props: '{}' })).toBeNull()
    expect(readNeededIsland({ when: 'cart', props: '{}' })).toBeNull()
    expect(
      readNeededIsland({ neededIsland: 'cart-button', when: 'cart', props: '{oops' }),
    ).toBeNull()
    expect(readNeededIsland({ neededIsland: 'cart-button', when: 'cart', props: '[1]' })).toBeNull()
    expect(
      readNeededIsland({ neededIsland: 'cart-button', when: 'cart', props: 'null' }),
    ).toBeNull()
    expect(readNeededIsland({ neededIsland: 'cart-button', when: 'cart' })).toBeNull()
  })
})
