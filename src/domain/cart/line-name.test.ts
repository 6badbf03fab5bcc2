import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { joinLineNames, lineName, linesInLocale, splitLineNames } from './line-name'

const hammam = {
  id: 101,
  name: 'Accès hammam',
  names: { fr: 'Accès hammam', en: 'Hammam access', de: 'Hammam-Zugang' },
}

describe('a cart line in the page language', () => {
  it("shows the line's name in the page language", () => {
    expect(lineName(hammam, 'en')).toBe('Hammam access')
    expect(lineName(hammam, 'de')).toBe('Hammam-Zugang')
  })

  it('falls back to the stored name: an old line, a language without a name, a blank one', () => {
    expect(lineName({ name: 'Accès hammam' }, 'en')).toBe('Accès hammam')
    expect(lineName(hammam, 'it')).toBe('Accès hammam')
    expect(lineName({ name: 'Savon', names: { en: '  ' } }, 'en')).toBe('Savon')
  })

  it('ignores names storage gave back that are not text', () => {
    const broken = { name: 'Savon', names: { en: 42 } } as unknown as typeof hammam
    expect(lineName(broken, 'en')).toBe('Savon')
  })

  it('renames the lines without touching what else they carry', () => {
    const line = { ...hammam, prices: 3500, nb: 2 }
    expect(linesInLocale([line], 'en')).toEqual([{ ...line, name: 'Hammam access' }])
    const [same] = linesInLocale([line], 'fr')
    expect(same).toBe(line)
  })

  it('is always one of the line names, and the stored one without names', () => {
    const names = fc.dictionary(fc.constantFrom('fr', 'en', 'de', 'es', 'it'), fc.string())
    fc.assert(
      fc.property(
        fc.string(),
        fc.option(names, { nil: undefined }),
        fc.string(),
        (name, own, locale) => {
          const shown = lineName({ name, names: own }, locale)
          if (own === undefined) expect(shown).toBe(name)
          else expect([name, ...Object.values(own).map((value) => value.trim())]).toContain(shown)
        },
      ),
    )
  })
})

describe('e-shop names kept apart from the cookie', () => {
  it('takes the names off the lines and puts them back by product id', () => {
    const soap = { id: 'p1', name: 'Savon', price: 1250, quantity: 1, names: { en: 'Soap' } }
    const old = { id: 'p2', name: 'Huile', price: 3000, quantity: 2 }
    const { lines, names } = splitLineNames([soap, old])
    expect(lines).toEqual([
      { id: 'p1', name: 'Savon', price: 1250, quantity: 1 },
      { id: 'p2', name: 'Huile', price: 3000, quantity: 2 },
    ])
    expect(names).toEqual({ p1: { en: 'Soap' } })
    expect(joinLineNames(lines, names)).toEqual([soap, old])
    expect(joinLineNames(lines, null)).toEqual(lines)
  })

  it("keeps product ids that are names of Object's own members apart from them", () => {
    const odd = ['valueOf', '__proto__', 'constructor', 'toString'].map((id) => ({ id, name: id }))
    const { lines, names } = splitLineNames([
      ...odd,
      { id: 'p1', name: 'Savon', names: { en: 'Soap' } },
    ])
    expect(joinLineNames(lines, names)).toEqual([
      ...odd,
      { id: 'p1', name: 'Savon', names: { en: 'Soap' } },
    ])
    // and the same after the cookie's JSON round trip
    const parsed = JSON.parse(JSON.stringify(names)) as typeof names
    expect(joinLineNames(lines, parsed)).toEqual([
      ...odd,
      { id: 'p1', name: 'Savon', names: { en: 'Soap' } },
    ])
    const named = splitLineNames([{ id: '__proto__', name: 'Huile', names: { en: 'Oil' } }])
    expect(
      joinLineNames(named.lines, JSON.parse(JSON.stringify(named.names)) as typeof names),
    ).toEqual([{ id: '__proto__', name: 'Huile', names: { en: 'Oil' } }])
  })

  it('split then join gives the lines back', () => {
    const line = fc.record(
      {
        id: fc.oneof(fc.string(), fc.integer()),
        name: fc.string(),
        names: fc.dictionary(fc.constantFrom('fr', 'en', 'de'), fc.string()),
      },
      { requiredKeys: ['id', 'name'] },
    )
    // one line per product id, as the cart keeps them
    const lines = fc.uniqueArray(line, { selector: (l) => String(l.id) })
    fc.assert(
      fc.property(lines, (items) => {
        const { lines: bare, names } = splitLineNames(items)
        expect(joinLineNames(bare, names)).toEqual(items)
      }),
    )
  })
})
