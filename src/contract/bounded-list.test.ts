import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  boundedList,
  ID_LIST_BOUNDS,
  LIST_ID_ITEM,
  type ListBounds,
  listProblem,
} from './bounded-list'
import { eshopCalls } from './calls/eshop'
import { MAX_ID_LENGTH } from './common'
import { LIST_PARAM_MAX_ITEMS } from './constants'
import { queryIdList } from './query'

/** docs/decisions/062-visit-bound-and-list-params.md: lists in paths and queries, item by item. */
const itemChar = fc.constantFrom(...'abcXYZ019_.:~@-'.split(''))
const goodItem = fc
  .array(itemChar, { minLength: 1, maxLength: MAX_ID_LENGTH })
  .map((chars) => chars.join(''))
const goodList = fc.array(goodItem, { minLength: 1, maxLength: LIST_PARAM_MAX_ITEMS })

describe('boundedList', () => {
  it('takes every list within the bounds, item for item', () => {
    fc.assert(
      fc.property(goodList, (items) => {
        const parsed = queryIdList.safeParse(items.join(','))
        expect(parsed.success && parsed.data).toEqual(items)
      }),
    )
  })

  it('refuses one item too many, one item too long, an item with a foreign character', () => {
    fc.assert(
      fc.property(
        goodList,
        fc.nat(),
        fc.constantFrom(' ', '/', '%', '?', '#', 'é', '\u0000', ';', '"', '<'),
        (items, at, bad) => {
          const i = at % items.length
          const tooMany = [...items, ...Array(LIST_PARAM_MAX_ITEMS + 1 - items.length).fill('a')]
          expect(queryIdList.safeParse(tooMany.join(',')).success).toBe(false)
          const long = items.map((item, j) => (j === i ? 'x'.repeat(MAX_ID_LENGTH + 1) : item))
          expect(queryIdList.safeParse(long.join(',')).success).toBe(false)
          const foreign = items.map((item, j) => (j === i ? `${item}${bad}` : item))
          expect(queryIdList.safeParse(foreign.join(',')).success).toBe(false)
        },
      ),
    )
  })

  it('refuses empty lists and items: "", ",", ",a", "a,", "a,,b"', () => {
    for (const value of ['', ',', ',a', 'a,', 'a,,b', ',,,']) {
      expect(queryIdList.safeParse(value).success, value).toBe(false)
      expect(listProblem(value, ID_LIST_BOUNDS)).toMatch(/empty/)
    }
  })

  it('stops a huge value before splitting it, and names the problem', () => {
    expect(listProblem('x'.repeat(5_000), ID_LIST_BOUNDS)).toMatch(/at most \d+ characters/)
    expect(listProblem(Array(51).fill('a').join(','), ID_LIST_BOUNDS)).toBe(
      `a list has at most ${LIST_PARAM_MAX_ITEMS} items`,
    )
    expect(listProblem(`a,${'b'.repeat(65)}`, ID_LIST_BOUNDS)).toBe(
      `item 2 is longer than ${MAX_ID_LENGTH} characters`,
    )
    expect(LIST_ID_ITEM.test('a,b')).toBe(false)
  })

  it('takes its bounds as given', () => {
    const bounds: ListBounds = { maxItems: 3, maxItemLength: 2, item: /^[a-z]+$/ }
    const schema = boundedList(bounds)
    expect(schema.safeParse('ab,c,de').success).toBe(true)
    expect(schema.safeParse('ab,c,de,f').success).toBe(false)
    expect(schema.safeParse('abc').success).toBe(false)
    expect(schema.safeParse('A').success).toBe(false)
  })

  it('the stock verify path: a 5,000-character ids is refused by the call schema', () => {
    const params = eshopCalls.verifyStock.params
    expect(params?.safeParse({ ids: 'x'.repeat(5_000), qty: '1' }).success).toBe(false)
    expect(params?.safeParse({ ids: 'a1,b2', qty: '1' }).success).toBe(true)
  })
})
