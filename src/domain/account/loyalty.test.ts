import { describe, expect, it } from 'vitest'
import { nextTier, tierProgress } from './loyalty'

const tiers = [
  { id: '903', points: 600 },
  { id: '901', points: 150 },
  { id: '902', points: 300 },
]

describe('loyalty tiers', () => {
  it('sorts by points and says what is reached and what is missing', () => {
    const progress = tierProgress(340, tiers)
    expect(progress.map((p) => [p.tier.id, p.reached, p.missing, p.percent])).toEqual([
      ['901', true, 0, 100],
      ['902', true, 0, 100],
      ['903', false, 260, 56],
    ])
    expect(nextTier(progress)?.tier.id).toBe('903')
  })

  it('a new card has reached nothing; a full one has no next tier', () => {
    expect(tierProgress(0, tiers).every((p) => !p.reached)).toBe(true)
    expect(nextTier(tierProgress(1000, tiers))).toBeUndefined()
    expect(tierProgress(-5, tiers)[0]?.missing).toBe(150)
  })
})
