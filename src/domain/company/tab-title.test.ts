import { describe, expect, it } from 'vitest'
import { tabTitle } from './tab-title'

describe('tab title (docs/product/3-entities.md seo.siteTabTitlePattern, docs/product/8-errors.md fallback)', () => {
  it('%s is replaced by the page title', () => {
    expect(tabTitle('%s | Maison Lumière', 'Soins')).toBe('Soins | Maison Lumière')
    expect(tabTitle('%s - %s', 'Spa')).toBe('Spa - Spa')
  })

  it('falls back to Réservation en ligne without pattern and title', () => {
    expect(tabTitle(undefined, undefined)).toBe('Réservation en ligne')
    expect(tabTitle('', '  ')).toBe('Réservation en ligne')
    expect(tabTitle(null, null)).toBe('Réservation en ligne')
  })

  it('without a page title the tab reads the fallback alone', () => {
    expect(tabTitle('%s | Maison Lumière', '')).toBe('Réservation en ligne')
    expect(tabTitle('%s | Réservation en ligne', undefined)).toBe('Réservation en ligne')
    expect(tabTitle('%s | Bains', undefined, 'Online booking')).toBe('Online booking')
  })

  it('without a pattern the title stands alone; a pattern without %s is fixed', () => {
    expect(tabTitle(undefined, 'Contact')).toBe('Contact')
    expect(tabTitle('Maison Lumière', 'Contact')).toBe('Maison Lumière')
  })

  it('special replacement characters in the title are inserted literally', () => {
    expect(tabTitle('%s | X', "Prix $& $' 50%")).toBe("Prix $& $' 50% | X")
  })
})
