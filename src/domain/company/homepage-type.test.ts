import { describe, expect, it } from 'vitest'
import { isMarketplace, resolveHomepageType } from './homepage-type'

describe('homepage type (docs/product/1-overview.md, docs/product/9-constants.md)', () => {
  it('mono whenever there is at most one shop, whatever the setting', () => {
    for (const count of [0, 1, Number.NaN]) {
      expect(resolveHomepageType(count, 'multi')).toBe('mono')
      expect(resolveHomepageType(count, 'mkp')).toBe('mono')
    }
  })

  it('with several shops, multi and mkp both mean marketplace', () => {
    expect(resolveHomepageType(2, 'multi')).toBe('multi')
    expect(resolveHomepageType(6, 'mkp')).toBe('multi')
    expect(resolveHomepageType(6, 'MKP')).toBe('multi')
    expect(isMarketplace(6, 'mkp')).toBe(true)
  })

  it('with several shops, mono, no setting or an unknown value is mono', () => {
    expect(resolveHomepageType(6, 'mono')).toBe('mono')
    expect(resolveHomepageType(6, undefined)).toBe('mono')
    expect(resolveHomepageType(6, 'grid')).toBe('mono')
    expect(isMarketplace(6, null)).toBe(false)
  })
})
