import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { needed } from '#islands/loading/needs'
import { BANNER_GATE_SCRIPT } from './banner-gate'

interface Env {
  cookie: string
  search: string
  framed: boolean
}

/** Runs the inline text as the browser would, with this environment; true when it kept the banner. */
function keepsBanner(env: Env): boolean {
  let removed = false
  const banner = { remove: () => (removed = true) }
  const top = {}
  const window = env.framed ? { self: {}, top } : { self: top, top }
  const run = new Function('document', 'window', 'location', BANNER_GATE_SCRIPT)
  run({ cookie: env.cookie, currentScript: { previousElementSibling: banner } }, window, {
    search: env.search,
  })
  return !removed
}

const showsDialog = (env: Env) => needed('consent', { ...env, storageItem: () => null })

describe('the cookie banner gate (inline script)', () => {
  it.each([
    ['first visit', { cookie: '', search: '', framed: false }, true],
    ['answered', { cookie: 'preference-set=connection', search: '', framed: false }, false],
    [
      'answered among others',
      { cookie: 'a=1; preference-set=connection.analytics', search: '', framed: false },
      false,
    ],
    ['empty value', { cookie: 'preference-set=', search: '', framed: false }, true],
    [
      'another cookie ending the same',
      { cookie: 'xpreference-set=1', search: '', framed: false },
      true,
    ],
    ['theme preview', { cookie: '', search: '?previewtheme=1', framed: false }, false],
    ['framed', { cookie: '', search: '', framed: true }, false],
  ])('%s', (_name, env, shown) => {
    expect(keepsBanner(env)).toBe(shown)
    expect(showsDialog(env)).toBe(shown)
  })

  it('keeps the banner exactly when the consent need holds', () => {
    const part = fc.constantFrom(
      'preference-set',
      'eshop-cart',
      'x',
      ' preference-set',
      '=',
      ' ',
      '',
      'connection',
      'a=b',
    )
    const cookie = fc
      .array(
        fc.array(part, { maxLength: 4 }).map((parts) => parts.join('')),
        { maxLength: 3 },
      )
      .map((pairs) => pairs.join(';'))
    const search = fc.constantFrom('', '?previewtheme', '?page=reserved', '?previewtheme=0&x=1')
    fc.assert(
      fc.property(cookie, search, fc.boolean(), (c, s, framed) => {
        const env = { cookie: c, search: s, framed }
        expect(keepsBanner(env)).toBe(showsDialog(env))
      }),
      { numRuns: 2000 },
    )
  })
})
