import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '#i18n/index'
import { isRoutableSlug, RESERVED_SEGMENTS, shopSlugVerdict } from './shop-slug'

describe('shop slugs', () => {
  it('refuses the route tree’s own segments and every locale code', () => {
    for (const segment of ['services', 'magazine', 'api', 'collections', 'studio', ...LOCALES]) {
      expect(isRoutableSlug(segment)).toBe(false)
      expect(shopSlugVerdict(segment, [])).toBe('reserved')
    }
    expect(isRoutableSlug('annecy-centre')).toBe(true)
  })

  it('refuses what is not a slug, then a slug another shop has', () => {
    expect(shopSlugVerdict('Annecy Centre', [])).toBe('invalid')
    expect(shopSlugVerdict('annecy--centre', [])).toBe('invalid')
    expect(shopSlugVerdict('', [])).toBe('invalid')
    expect(shopSlugVerdict('annecy', ['annecy', 'geneve'])).toBe('taken')
    expect(shopSlugVerdict('evian', ['annecy'])).toBe('ok')
  })

  it('accepts any well-formed slug that is neither reserved nor taken', () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,8}$/)
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (words) => {
        const slug = words.join('-')
        const verdict = shopSlugVerdict(slug, [])
        expect(verdict).toBe(RESERVED_SEGMENTS.has(slug) ? 'reserved' : 'ok')
        expect(shopSlugVerdict(slug, [slug])).toBe(verdict === 'ok' ? 'taken' : verdict)
      }),
    )
  })
})
