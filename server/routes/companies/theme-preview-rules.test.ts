import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  hashPreviewToken,
  previewedThemes,
  THEME_PREVIEW_KEY,
  withoutPreview,
} from './theme-preview-rules.ts'

/** docs/decisions/064-error-page-preview-and-shop-times.md: which token previews which theme. */
const NOW = new Date('2026-11-28T12:00:00Z')
const TOKEN = 'a-preview-token-of-enough-length'
const themes = { dark: true, customCss: 'body{}' }
const data = (expiresAt = '2026-11-28T13:00:00Z') => ({
  identity: { displayName: 'Alpha' },
  [THEME_PREVIEW_KEY]: { tokenHash: hashPreviewToken(TOKEN), themes, expiresAt },
})

describe('previewedThemes', () => {
  it('the stored token previews the stored themes until they expire', () => {
    expect(previewedThemes(data(), TOKEN, NOW)).toEqual(themes)
    expect(previewedThemes(data('2026-11-28T12:00:00Z'), TOKEN, NOW)).toBeUndefined()
    expect(previewedThemes(data('not a date'), TOKEN, NOW)).toBeUndefined()
  })

  it('no other token previews anything, nor does a company without a preview', () => {
    fc.assert(
      fc.property(fc.string(), (token) => {
        fc.pre(token !== TOKEN)
        expect(previewedThemes(data(), token, NOW)).toBeUndefined()
      }),
    )
    expect(previewedThemes({ identity: {} }, TOKEN, NOW)).toBeUndefined()
    expect(previewedThemes({ [THEME_PREVIEW_KEY]: 'x' }, TOKEN, NOW)).toBeUndefined()
    expect(
      previewedThemes(
        { [THEME_PREVIEW_KEY]: { tokenHash: 'zz', themes, expiresAt: '2027-01-01T00:00:00Z' } },
        TOKEN,
        NOW,
      ),
    ).toBeUndefined()
  })

  it('the published company carries no preview, and no token is stored in clear', () => {
    expect(withoutPreview(data())).toEqual({ identity: { displayName: 'Alpha' } })
    expect(JSON.stringify(data())).not.toContain(TOKEN)
  })
})
