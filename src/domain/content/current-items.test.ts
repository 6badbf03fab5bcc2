import { describe, expect, it } from 'vitest'
import { currentItems } from './current-items'

const now = '2026-06-15T12:00:00Z'
const item = (id: number, start: string | null, end: string | null) => ({ id, start, end })
const ids = (found: { id: number }[]) => found.map((e) => e.id)

describe('current alerts and events (docs/product/4-states.md)', () => {
  it('keeps items where now is strictly between start and end, by end ascending', () => {
    const items = [
      item(1, '2026-06-01T00:00:00Z', '2026-07-01T00:00:00Z'),
      item(2, '2026-06-10T00:00:00Z', '2026-06-20T00:00:00Z'),
      item(3, '2026-07-01T00:00:00Z', '2026-08-01T00:00:00Z'),
      item(4, '2026-05-01T00:00:00Z', '2026-06-01T00:00:00Z'),
      item(5, '2026-06-15T11:59:59Z', '2026-06-15T12:00:01Z'),
    ]
    expect(ids(currentItems(items, now))).toEqual([5, 2, 1])
  })

  it('an item starting or ending exactly now is not current', () => {
    const items = [item(1, now, '2026-07-01T00:00:00Z'), item(2, '2026-06-01T00:00:00Z', now)]
    expect(currentItems(items, now)).toEqual([])
  })

  it('equal ends keep their order; now may be a Date or epoch ms', () => {
    const items = [
      item(1, '2026-06-01T00:00:00Z', '2026-07-01T00:00:00Z'),
      item(2, '2026-06-02T00:00:00Z', '2026-07-01T00:00:00Z'),
    ]
    expect(ids(currentItems(items, new Date(now)))).toEqual([1, 2])
    expect(ids(currentItems(items, Date.parse(now)))).toEqual([1, 2])
  })

  it('missing or unreadable dates are never current', () => {
    const items = [
      item(1, null, '2026-07-01T00:00:00Z'),
      item(2, '2026-06-01T00:00:00Z', null),
      item(3, 'soon', '2026-07-01T00:00:00Z'),
      { id: 4, start: undefined, end: undefined },
    ]
    expect(currentItems(items, now)).toEqual([])
  })

  it('does not reorder the given list', () => {
    const items = [
      item(1, '2026-06-01T00:00:00Z', '2026-07-01T00:00:00Z'),
      item(2, '2026-06-01T00:00:00Z', '2026-06-20T00:00:00Z'),
    ]
    currentItems(items, now)
    expect(ids(items)).toEqual([1, 2])
  })
})
