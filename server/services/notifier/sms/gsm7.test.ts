import { describe, expect, it } from 'vitest'
import { needsUnicode } from './gsm7.ts'

describe('GSM-7 or Unicode', () => {
  it('sends plain and GSM accented text as 7-bit', () => {
    expect(needsUnicode('Your code: 123456')).toBe(false)
    expect(needsUnicode('Votre code : 123456. A très vite, à 10h')).toBe(false)
    expect(needsUnicode('Rendez-vous déplacé à 10:00 {€ 25} [ok] ~')).toBe(false)
  })

  it('needs Unicode for letters outside the alphabet, emoji and other scripts', () => {
    expect(needsUnicode('à bientôt')).toBe(true) // ô
    expect(needsUnicode('À 10h')).toBe(true) // à is in the alphabet, À is not
    expect(needsUnicode('Ça commence')).toBe(false) // Ç is in, ç is not:
    expect(needsUnicode('ça commence')).toBe(true)
    expect(needsUnicode('See you 💇')).toBe(true)
    expect(needsUnicode('Привет')).toBe(true)
    expect(needsUnicode('\u001b')).toBe(true) // the escape itself is not text
  })
})
