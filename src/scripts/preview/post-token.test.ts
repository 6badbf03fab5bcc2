import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { postPreviewToken } from './post-token'

const TOKEN = 'aB3-_x'.repeat(5)

describe('post preview token of the address', () => {
  it('reads ?previewpost=<token>; anything else is none', () => {
    expect(postPreviewToken(`?previewpost=${TOKEN}`)).toBe(TOKEN)
    expect(postPreviewToken(`?a=1&previewpost=${TOKEN}`)).toBe(TOKEN)
    for (const search of ['', '?previewpost', '?previewpost=short', `?previewtheme=${TOKEN}`]) {
      expect(postPreviewToken(search)).toBeUndefined()
    }
  })

  it('never returns markup or a character outside the token alphabet', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const token = postPreviewToken(`?previewpost=${encodeURIComponent(value)}`)
        if (token !== undefined) expect(token).toMatch(/^[\w-]+$/)
      }),
    )
  })
})
