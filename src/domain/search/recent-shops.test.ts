import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RECENT_SHOPS_STORED } from '#contract/constants'
import {
  MAX_ENCODED_ID_LENGTH,
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

  it('ids with hyphens (UUIDs), commas, spaces and any script are stored and read back', () => {
    const uuid = '3f2c9a1e-8b7d-4c5e-9f10-2a3b4c5d6e7f'
    expect(serializeRecentShops([uuid, '12'])).toBe(
      '3f2c9a1e%2D8b7d%2D4c5e%2D9f10%2D2a3b4c5d6e7f-12',
    )
    expect(parseRecentShops(serializeRecentShops([uuid, '12']))).toEqual([uuid, '12'])
    const odd = ['a-b', 'a,b', 'x y', 'café', '店-1', '-', '%2D', '😀']
    expect(parseRecentShops(serializeRecentShops(odd))).toEqual(odd)
    expect(visitRecentShop(['12'], 'a-b')).toEqual(['a-b', '12'])
  })

  it('an id that cannot be stored leaves the history unchanged', () => {
    expect(visitRecentShop(['12'], '')).toEqual(['12'])
    expect(visitRecentShop(['12'], '\uD800')).toEqual(['12'])
    expect(visitRecentShop(['12'], 'x'.repeat(MAX_ENCODED_ID_LENGTH + 1))).toEqual(['12'])
    expect(serializeRecentShops(['12', '', '3'])).toBe('12-3')
  })

  it('a part not in the written form is dropped, the rest kept', () => {
    // lower-case escapes, an escaped letter, a stray '%', a raw comma: none of them written so
    expect(parseRecentShops('7-%2d-%41-%-a,b-8')).toEqual(['7', '8'])
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

  // any string, lone surrogates included (binary units), up to 16 code points: 16 × 12 escaped
  // characters fit MAX_ENCODED_ID_LENGTH
  const anyId = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 16 }),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
    fc.uuid(),
    fc.stringMatching(/^[-,;= %0-9a-z]{0,12}$/),
    fc.nat().map(String),
  )
  const storable = (id: string) =>
    id !== '' &&
    id.isWellFormed() &&
    encodeURIComponent(id).replaceAll('-', '%2D').length <= MAX_ENCODED_ID_LENGTH

  it('every well-formed id of up to 16 code points is storable', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1, maxLength: 16 }), (id) => {
        fc.pre(id.isWellFormed())
        expect(visitRecentShop([], id)).toEqual([id])
      }),
    )
  })

  describe('properties', () => {
    it('any storable id visited is read back first, once, the history bounded', () => {
      fc.assert(
        fc.property(fc.array(anyId, { maxLength: 14 }), anyId, (earlier, id) => {
          const before = parseRecentShops(serializeRecentShops(earlier))
          const after = parseRecentShops(serializeRecentShops(visitRecentShop(before, id)))
          expect(after.length).toBeLessThanOrEqual(RECENT_SHOPS_STORED)
          expect(new Set(after).size).toBe(after.length)
          if (storable(id)) {
            expect(after[0]).toBe(id)
            expect(after.slice(1)).toEqual(
              before.filter((other) => other !== id).slice(0, RECENT_SHOPS_STORED - 1),
            )
          } else {
            expect(after).toEqual(before)
          }
        }),
      )
    })

    it('every storable id survives the round trip in order; nothing else appears', () => {
      fc.assert(
        fc.property(fc.uniqueArray(anyId, { maxLength: RECENT_SHOPS_STORED }), (ids) => {
          expect(parseRecentShops(serializeRecentShops(ids))).toEqual(ids.filter(storable))
        }),
      )
    })

    it('any cookie text parses to at most the bound, without throwing, each id once', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (cookie) => {
          const ids = parseRecentShops(cookie)
          expect(ids.length).toBeLessThanOrEqual(RECENT_SHOPS_STORED)
          expect(new Set(ids).size).toBe(ids.length)
          // what is read is written back unchanged
          expect(parseRecentShops(serializeRecentShops(ids))).toEqual(ids)
        }),
      )
    })
  })
})
