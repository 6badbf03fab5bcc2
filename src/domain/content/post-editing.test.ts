import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isSlug, lengthHint, resultText, SEARCH_RESULT, slugFromTitle } from './post-editing'

describe('slug from a title', () => {
  it('keeps words, drops accents and punctuation', () => {
    expect(slugFromTitle('Les soins d’hiver : 5 conseils !')).toBe('les-soins-d-hiver-5-conseils')
    expect(slugFromTitle('Été à Genève — œuvre')).toBe('ete-a-geneve-oeuvre')
    expect(slugFromTitle('Straße')).toBe('strasse')
    expect(slugFromTitle('  ???  ')).toBe('')
  })

  it('is always a contract slug or empty, and never longer than 80', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (title) => {
        const slug = slugFromTitle(title)
        expect(slug === '' || isSlug(slug)).toBe(true)
        expect(slug.length).toBeLessThanOrEqual(80)
        expect(slugFromTitle(slug)).toBe(slug)
      }),
    )
  })
})

describe('search result preview', () => {
  it('hints empty, short, good and long by the budgets', () => {
    expect(lengthHint(' ', 'title')).toBe('empty')
    expect(lengthHint('Soins', 'title')).toBe('short')
    expect(lengthHint('Nos soins du visage pour l’hiver', 'title')).toBe('good')
    expect(lengthHint('x'.repeat(SEARCH_RESULT.title.max + 1), 'title')).toBe('long')
    expect(lengthHint('x'.repeat(SEARCH_RESULT.description.max), 'description')).toBe('good')
  })

  it('shows a text within budget as is and cuts a longer one with an ellipsis', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 400 }),
        fc.constantFrom('title', 'description'),
        (text, field) => {
          const shown = resultText(text, field as 'title' | 'description')
          expect([...shown].length).toBeLessThanOrEqual(SEARCH_RESULT[field as 'title'].max)
          if (lengthHint(text, field as 'title') !== 'long')
            expect(shown).toBe(text.trim().replace(/\s+/g, ' '))
          else expect(shown.endsWith('…')).toBe(true)
        },
      ),
    )
  })
})
