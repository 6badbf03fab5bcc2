import { describe, expect, it } from 'vitest'
import { pageResults } from './result-paging'

const results = Array.from({ length: 14 }, (_, i) => i + 1)

describe('result paging (docs/product/9-constants.md: 6 at a time, see more adds 6)', () => {
  it('shows 6 results first, with see more when there are more', () => {
    expect(pageResults(results)).toEqual({ visible: [1, 2, 3, 4, 5, 6], hasMore: true })
  })

  it('each see more adds 6, and hides itself at the end', () => {
    expect(pageResults(results, 2).visible).toHaveLength(12)
    expect(pageResults(results, 2).hasMore).toBe(true)
    expect(pageResults(results, 3)).toEqual({ visible: results, hasMore: false })
  })

  it('exactly 6 results need no see more; none shows nothing', () => {
    expect(pageResults(results.slice(0, 6)).hasMore).toBe(false)
    expect(pageResults([])).toEqual({ visible: [], hasMore: false })
  })

  it('a nonsense page count is read as the first page', () => {
    expect(pageResults(results, 0).visible).toHaveLength(6)
    expect(pageResults(results, Number.NaN).visible).toHaveLength(6)
  })
})
