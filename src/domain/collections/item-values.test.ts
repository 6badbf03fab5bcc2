import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { COLLECTION_FIELD_KINDS, type CollectionField } from '#contract/index'
import { duplicateFieldKeys, isEmptyValue, itemProblems, TEXT_LIMITS } from './item-values'

const field = (
  key: string,
  kind: CollectionField['kind'],
  extra: Partial<CollectionField> = {},
): CollectionField => ({ key, kind, label: {}, translated: false, required: false, ...extra })

const team = [
  field('name', 'text', { required: true }),
  field('bio', 'longText', { translated: true }),
  field('photo', 'image'),
  field('price', 'money'),
  field('years', 'number'),
  field('senior', 'boolean', { required: true }),
]

describe('itemProblems (decision 084)', () => {
  it('an item that fits has no problem', () => {
    const values = {
      name: 'Léa',
      bio: { fr: 'Esthéticienne', en: 'Beautician' },
      photo: '/media/lea.webp',
      price: 4500,
      years: 7.5,
      senior: false,
    }
    expect(itemProblems(team, values)).toEqual([])
  })

  it('names unknown keys, missing required values and wrong kinds', () => {
    const problems = itemProblems(team, {
      name: '  ',
      bio: 'not per language',
      price: 12.5,
      extra: 'x',
      senior: true,
    })
    expect(problems).toEqual([
      { key: 'extra', reason: 'unknown' },
      { key: 'name', reason: 'missing' },
      { key: 'bio', reason: 'wrongKind' },
      { key: 'price', reason: 'wrongKind' },
    ])
  })

  it('a required boolean must be given, false counts', () => {
    expect(itemProblems(team, { name: 'A' })).toEqual([{ key: 'senior', reason: 'missing' }])
    expect(itemProblems(team, { name: 'A', senior: false })).toEqual([])
  })

  it('refuses addresses that are not http(s) or root-relative', () => {
    for (const photo of ['javascript:alert(1)', 'data:image/png;base64,AA', '//evil.test/x']) {
      expect(itemProblems(team, { name: 'A', senior: true, photo })).toEqual([
        { key: 'photo', reason: 'notAddress' },
      ])
    }
  })

  it('a translated text with one empty language and no other is missing when required', () => {
    const fields = [field('q', 'text', { translated: true, required: true })]
    expect(itemProblems(fields, { q: { fr: '' } })).toEqual([{ key: 'q', reason: 'missing' }])
    expect(itemProblems(fields, { q: { fr: '', en: 'Why?' } })).toEqual([])
  })
})

const kind = fc.constantFrom(...COLLECTION_FIELD_KINDS)
const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/)
const fieldArb = fc.record({
  key,
  kind,
  translated: fc.boolean(),
  required: fc.boolean(),
  label: fc.constant({}),
})
const value = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.dictionary(fc.constantFrom('fr', 'en', 'de', 'es', 'it'), fc.string({ maxLength: 50 })),
  fc.double({ noNaN: false }),
  fc.integer(),
  fc.boolean(),
)

describe('itemProblems properties (fast-check)', () => {
  it('never throws, and names only keys of the values or of the fields', () => {
    fc.assert(
      fc.property(fc.array(fieldArb, { maxLength: 6 }), fc.dictionary(key, value), (fs, vs) => {
        const keys = new Set([...fs.map((f) => f.key), ...Object.keys(vs)])
        for (const problem of itemProblems(fs, vs)) expect(keys.has(problem.key)).toBe(true)
      }),
    )
  })

  it('a value of another key than every field is always refused as unknown', () => {
    fc.assert(
      fc.property(fc.array(fieldArb, { maxLength: 6 }), value, (fs, v) => {
        const problems = itemProblems(fs, { zz_not_a_field_9: v })
        expect(problems).toContainEqual({ key: 'zz_not_a_field_9', reason: 'unknown' })
      }),
    )
  })

  it('no values: exactly the required fields are missing', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fieldArb, { selector: (f) => f.key, maxLength: 6 }), (fs) => {
        const missing = itemProblems(fs, {}).map((p) => p.key)
        expect(missing).toEqual(fs.filter((f) => f.required).map((f) => f.key))
      }),
    )
  })

  it('money is accepted exactly when a non-negative safe integer', () => {
    const fields = [field('p', 'money')]
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double()), (n) => {
        const fits = Number.isSafeInteger(n) && n >= 0
        expect(itemProblems(fields, { p: n }).length === 0).toBe(fits)
      }),
    )
  })

  it('a text is refused as too long exactly past its limit', () => {
    fc.assert(
      fc.property(fc.constantFrom('text' as const, 'longText' as const), fc.nat(5000), (k, n) => {
        const problems = itemProblems([field('t', k)], { t: 'x'.repeat(n + 1) })
        expect(problems.length > 0).toBe(n + 1 > TEXT_LIMITS[k])
      }),
    )
  })
})

describe('helpers', () => {
  it('isEmptyValue', () => {
    expect(isEmptyValue(undefined)).toBe(true)
    expect(isEmptyValue({ fr: ' ' })).toBe(true)
    expect(isEmptyValue(0)).toBe(false)
    expect(isEmptyValue(false)).toBe(false)
  })
  it('duplicateFieldKeys', () => {
    expect(duplicateFieldKeys([{ key: 'a' }, { key: 'b' }, { key: 'a' }])).toEqual(['a'])
  })
})
