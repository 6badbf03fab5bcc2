import { describe, expect, it } from 'vitest'
import { excerpt, pick, pickEach, pickOwn } from './localized-text'

describe('translated text', () => {
  it('falls back to French, then any language, then empty', () => {
    expect(pick({ fr: 'Bonjour', en: 'Hello' }, 'en')).toBe('Hello')
    expect(pick({ fr: 'Bonjour', en: ' ' }, 'en')).toBe('Bonjour')
    expect(pick({ de: 'Hallo' }, 'en')).toBe('Hallo')
    expect(pick({}, 'en')).toBe('')
    expect(pick(undefined, 'en')).toBe('')
  })

  it('gives the text in each enabled language, gaps filled as pick fills them (cart line names)', () => {
    expect(pickEach({ fr: 'Savon', en: 'Soap' }, ['fr', 'en', 'de'])).toEqual({
      fr: 'Savon',
      en: 'Soap',
      de: 'Savon',
    })
  })

  it('pickOwn gives undefined so a catalog label can take over', () => {
    expect(pickOwn({ fr: 'Nos soins' }, 'en')).toBeUndefined()
    expect(pickOwn({ en: 'Treatments' }, 'en')).toBe('Treatments')
  })

  it('cuts excerpts at a word and drops markup', () => {
    expect(excerpt('<p>Un <b>soin</b> doux</p>')).toBe('Un soin doux')
    const long = 'mot '.repeat(100)
    const cut = excerpt(long, 50)
    expect(cut.length).toBeLessThanOrEqual(50)
    expect(cut.endsWith('mot…')).toBe(true)
  })
})
