import { describe, expect, it } from 'vitest'
import { dateLabel, timeLabel } from './dates'

describe('booking dates and times', () => {
  it("write a date the page language's way, with the same region as its times", () => {
    expect(dateLabel('2027-03-02', 'en')).toBe('Tuesday 2 March')
    expect(dateLabel('2027-03-02', 'en', 'short')).toBe('Tue 2 Mar')
    expect(timeLabel(14 * 60 + 30, 'en')).toBe('14:30')
    expect(dateLabel('2027-03-02', 'fr')).toBe('mardi 2 mars')
    expect(dateLabel('2027-03-02', 'de')).toBe('Dienstag, 2. März')
    expect(dateLabel('2027-03-02', 'es')).toBe('martes, 2 de marzo')
    expect(dateLabel('2027-03-02', 'it')).toBe('martedì 2 marzo')
  })

  it('leaves a date it cannot read as it came', () => {
    expect(dateLabel('someday', 'en')).toBe('someday')
  })
})
