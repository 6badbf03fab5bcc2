import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { repeatsTitle } from './repeated-title'

// docs/decisions/058-consent-first-visit.md: the events carousel says an event's title once
describe('a body heading that repeats the event title', () => {
  it('is the title however it is cased, spaced, quoted or punctuated', () => {
    expect(repeatsTitle('Les nuits du hammam', 'Les nuits du hammam')).toBe(true)
    expect(repeatsTitle('  LES   NUITS du hammam !', 'Les nuits du hammam')).toBe(true)
    expect(repeatsTitle('Les soirées d\u2019été', "Les soirées d'été")).toBe(true)
    expect(repeatsTitle('Portes ouvertes', 'Portes ouvertes de printemps')).toBe(true)
  })

  it('is not another heading, a word cut in the middle, or nothing', () => {
    expect(repeatsTitle('Au programme', 'Les nuits du hammam')).toBe(false)
    expect(repeatsTitle('Les nuits du ham', 'Les nuits du hammam')).toBe(false)
    expect(repeatsTitle('', 'Les nuits du hammam')).toBe(false)
    expect(repeatsTitle('...', '')).toBe(false)
  })

  it('holds for any title against itself reformatted, and never for a title and a different word', () => {
    const word = fc.stringMatching(/^[a-zà-ÿ]{1,10}$/)
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), fc.boolean(), (words, shout) => {
        const title = words.join(' ')
        const heading = `  ${(shout ? title.toUpperCase() : title).replaceAll(' ', '   ')} ?`
        expect(repeatsTitle(heading, title)).toBe(true)
        expect(repeatsTitle(`${title}x`, `${title}y`)).toBe(false)
      }),
    )
  })
})
