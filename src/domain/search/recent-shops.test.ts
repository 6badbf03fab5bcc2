import { describe, expect, it } from 'vitest'
import {
  parseRecentShops,
  serializeRecentShops,
  shownRecentShops,
  visitRecentShop,
} from './recent-shops'

describe('recent-shops cookie (docs/product/9-constants.md)', () => {
  it('parses hyphen-separated ids, first is the last visited', () => {
    expect(parseRecentShops('12-3-45')).toEqual(['12', '3', '45'])
    expect(parseRecentShops('s7')).toEqual(['s7'])
  })

  it('ignores garbage, duplicates and empty parts of a tampered cookie', () => {
    expect(parseRecentShops('')).toEqual([])
    expect(parseRecentShops(undefined)).toEqual([])
    expect(parseRecentShops('4--x y-<b>-4- 9 -1.5;')).toEqual(['4', '9'])
  })

  it('serializes back to the same form', () => {
    expect(serializeRecentShops(['12', '3', '45'])).toBe('12-3-45')
    expect(serializeRecentShops([])).toBe('')
    expect(parseRecentShops(serializeRecentShops(['5', '1']))).toEqual(['5', '1'])
  })

  it('visiting moves the shop to the front without duplicating it', () => {
    expect(visitRecentShop(['12', '3', '45'], '45')).toEqual(['45', '12', '3'])
    expect(visitRecentShop(['12', '3'], '8')).toEqual(['8', '12', '3'])
    expect(visitRecentShop([], 8)).toEqual(['8'])
  })

  it('an id with a hyphen cannot be stored and leaves the history unchanged', () => {
    expect(visitRecentShop(['12'], 'a-b')).toEqual(['12'])
    expect(serializeRecentShops(['12', 'a-b', '3'])).toBe('12-3')
  })

  it('the stored history is bounded', () => {
    const long = Array.from({ length: 10 }, (_, i) => String(i + 1))
    expect(visitRecentShop(long, '99')).toHaveLength(10)
    expect(visitRecentShop(long, '99')[0]).toBe('99')
    expect(parseRecentShops(Array.from({ length: 20 }, (_, i) => i + 1).join('-'))).toHaveLength(10)
  })

  it('shows the last visited plus up to three more, skipping unknown shops', () => {
    const shops = ['1', '2', '3', '4', '5', '6'].map((id) => ({ id }))
    expect(shownRecentShops(['5', '99', '1', '2', '3', '4'], shops)).toEqual({
      last: { id: '5' },
      others: [{ id: '1' }, { id: '2' }, { id: '3' }],
    })
    expect(shownRecentShops(['2'], shops)).toEqual({ last: { id: '2' }, others: [] })
    expect(shownRecentShops([], shops)).toEqual({ last: null, others: [] })
    expect(shownRecentShops(['98', '99'], shops)).toEqual({ last: null, others: [] })
  })
})
