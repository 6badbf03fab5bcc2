import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { languageProblem, settingsProblems } from './site-settings'

const base = {
  token: 't',
  nickname: 'n',
  identity: { displayName: 'Salon' },
  themes: {},
} as const

describe('languageProblem', () => {
  it('needs one language and the default among them', () => {
    expect(languageProblem({})).toBe('noLanguage')
    expect(languageProblem({ fr: false, en: false })).toBe('noLanguage')
    expect(languageProblem({ en: true })).toBe('defaultMissing')
    expect(languageProblem({ fr: true, en: false })).toBeUndefined()
  })

  it('accepts exactly the sets that hold the default', () => {
    const langs = fc.dictionary(fc.constantFrom('fr', 'en', 'de', 'es', 'it'), fc.boolean())
    fc.assert(
      fc.property(langs, (set) => {
        expect(languageProblem(set) === undefined).toBe(set.fr === true)
      }),
    )
  })
})

describe('settingsProblems', () => {
  it('passes a valid company and names each refused field by its path', () => {
    expect(settingsProblems(base)).toEqual([])
    const bad = {
      ...base,
      booker: {
        langs: { en: true },
        customMenuItems: [{ id: 'a', url: 'javascript:alert(1)', label: { fr: 'x' }, order: 0 }],
      },
    }
    expect(settingsProblems(bad)).toEqual([
      { path: 'booker.customMenuItems.0.url', problem: 'invalid' },
      { path: 'booker.langs', problem: 'defaultMissing' },
    ])
  })
})
