import { describe, expect, it } from 'vitest'
import { couponWords, toneOf, wordCloud } from './word-cloud'

describe('coupon word cloud (docs/product/2-screens.md, docs/product/9-constants.md)', () => {
  it('has 13 words sized 4 to 16, each size once, the largest in the middle', () => {
    const cloud = wordCloud(['-15 %', '-10 €'])
    expect(cloud).toHaveLength(13)
    expect(cloud.map((word) => word.size).sort((a, b) => a - b)).toEqual([
      4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
    ])
    expect(cloud[6]).toEqual({ text: '-15 %', size: 16, tone: 2 })
    expect([cloud[0]?.size, cloud[12]?.size]).toEqual([5, 4])
    // sizes fall from the centre to both edges
    const sizes = cloud.map((word) => word.size)
    for (let i = 0; i < 6; i++) expect(sizes[i]).toBeLessThan(sizes[i + 1] ?? 0)
    for (let i = 6; i < 12; i++) expect(sizes[i]).toBeGreaterThan(sizes[i + 1] ?? 0)
    // the words repeat in turn
    expect(cloud.filter((word) => word.text === '-15 %')).toHaveLength(7)
    expect(cloud.filter((word) => word.text === '-10 €')).toHaveLength(6)
  })

  it('steps the colour at sizes 8 and 13', () => {
    expect([4, 7, 8, 12, 13, 16].map(toneOf)).toEqual([0, 0, 1, 1, 2, 2])
    const tones = wordCloud(['PROMO']).map((word) => [word.size, word.tone])
    expect(tones.filter(([, tone]) => tone === 0)).toHaveLength(4)
    expect(tones.filter(([, tone]) => tone === 1)).toHaveLength(5)
    expect(tones.filter(([, tone]) => tone === 2)).toHaveLength(4)
  })

  it('is deterministic and empty without words', () => {
    expect(wordCloud(['a', 'b', 'c'])).toEqual(wordCloud(['a', 'b', 'c']))
    expect(wordCloud([])).toEqual([])
    expect(wordCloud(['  '])).toEqual([])
  })

  it('words: the word or amount of active, current coupons, each once; PROMO without any', () => {
    const now = '2026-12-01T12:00:00Z'
    const amount = (coupon: { amount: number }) => `-${coupon.amount} %`
    const coupons = [
      { amount: 15, word: '-15 %', start: '2026-10-15T00:00:00Z', end: '2027-03-31T00:00:00Z' },
      { amount: 10 },
      { amount: 15 },
      { amount: 20, active: false },
      { amount: 30, start: '2027-01-01T00:00:00Z', end: '2027-02-01T00:00:00Z' },
      { amount: 5, word: '  ' },
    ]
    expect(couponWords(coupons, now, amount)).toEqual(['-15 %', '-10 %', '-5 %'])
    expect(couponWords([], now, amount)).toEqual(['PROMO'])
    expect(couponWords([{ amount: 20, active: false }], now, amount, 'PROMO')).toEqual(['PROMO'])
  })
})
