import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { shownSocialUrl } from './social-links'

describe('shownSocialUrl', () => {
  it('gives the url of an active network that has one, nothing otherwise', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.option(fc.stringMatching(/^(https:\/\/[a-z]{1,8}\.example\/[\w-]{0,8})?$/), {
          nil: undefined,
        }),
        (active, url) => {
          expect(shownSocialUrl({ active, url })).toBe(active && url ? url : undefined)
        },
      ),
    )
    expect(shownSocialUrl({ active: true, url: '' })).toBeUndefined()
    expect(shownSocialUrl({ active: false, url: 'https://x.example' })).toBeUndefined()
  })
})
