import { describe, expect, it } from 'vitest'
import { fitsIn, intersectRanges, mergeRanges, overlapsAny, toTimeRanges } from './ranges'

const r = (start: number, end: number) => ({ start, end })

describe('minute ranges', () => {
  it('merges overlapping and touching ranges, drops empty ones, sorts', () => {
    expect(mergeRanges([r(600, 660), r(540, 600), r(700, 700), r(650, 720)])).toEqual([r(540, 720)])
    expect(mergeRanges([r(840, 900), r(540, 600)])).toEqual([r(540, 600), r(840, 900)])
  })

  it('intersects two lists', () => {
    expect(intersectRanges([r(540, 720), r(840, 1080)], [r(600, 900)])).toEqual([
      r(600, 720),
      r(840, 900),
    ])
    expect(intersectRanges([r(540, 600)], [r(600, 660)])).toEqual([])
  })

  it('half-open: back to back does not overlap, and fits exactly at the edges', () => {
    expect(overlapsAny(r(600, 660), [r(540, 600), r(660, 720)])).toBe(false)
    expect(overlapsAny(r(600, 660), [r(659, 700)])).toBe(true)
    expect(fitsIn(r(540, 600), [r(540, 600)])).toBe(true)
    expect(fitsIn(r(570, 630), [r(540, 600), r(600, 660)])).toBe(false)
  })

  it("formats as the contract's HH:MM; midnight reads 23:59 (the contract has no 24:00)", () => {
    expect(toTimeRanges([r(570, 600), r(1380, 1440), r(1439, 1440)])).toEqual([
      { start: '09:30', end: '10:00' },
      { start: '23:00', end: '23:59' },
    ])
  })
})
