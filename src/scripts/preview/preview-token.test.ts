import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { previewAction } from './messages'
import { previewMarker, previewToken } from './preview-token'

/** docs/decisions/064-error-page-preview-and-shop-times.md: the preview token of the address. */
const TOKEN = 'Abc_def-123456789012345'

describe('previewToken', () => {
  it('reads the token of ?previewtheme; the bare marker or anything else is no token', () => {
    expect(previewToken(`?previewtheme=${TOKEN}`)).toBe(TOKEN)
    expect(previewToken(`?tab=1&previewtheme=${TOKEN}`)).toBe(TOKEN)
    for (const search of [
      '',
      '?previewtheme',
      '?previewtheme=1',
      '?previewtheme=short',
      `?x=${TOKEN}`,
    ]) {
      expect(previewToken(search)).toBeUndefined()
    }
  })

  it('never gives back text that could leave a header value', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 250 }), (value) => {
        const token = previewToken(`?previewtheme=${encodeURIComponent(value)}`)
        if (token !== undefined) expect(token).toMatch(/^[\w-]{20,200}$/)
      }),
    )
  })

  it('a navigation in preview keeps the token, or the bare marker', () => {
    expect(previewMarker(`?previewtheme=${TOKEN}`)).toBe(TOKEN)
    expect(previewMarker('?previewtheme=1')).toBe('1')
    const here = `http://a.localhost/en/services?previewtheme=${TOKEN}`
    expect(previewAction({ kind: 'url', path: '/en/contact' }, here)).toEqual({
      kind: 'url',
      href: `http://a.localhost/en/contact?previewtheme=${TOKEN}`,
    })
  })
})
