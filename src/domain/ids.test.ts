import { describe, expect, it } from 'vitest'
import { sameId } from './ids'

describe('entity ids (docs/product/3-entities.md, contract ids are strings)', () => {
  it('ids compare as text, so a numeric legacy id matches its string form', () => {
    expect(sameId('12', 12)).toBe(true)
    expect(sameId('a1', 'a1')).toBe(true)
    expect(sameId('12', '120')).toBe(false)
  })

  it('a missing id never matches, not even another missing one', () => {
    expect(sameId(undefined, undefined)).toBe(false)
    expect(sameId(null, '1')).toBe(false)
  })
})
