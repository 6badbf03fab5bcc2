import { describe, expect, test } from 'vitest'
import { MAX_WIRE_DEPTH, MAX_WIRE_ITEMS, MAX_WIRE_STRING, wireProblem } from './wire'

describe('wire limits (decision 016)', () => {
  test('ordinary values pass, tab and new lines included', () => {
    expect(wireProblem({ a: 'Inès\tde\r\nLyon', b: [1, 2.5, null, true], c: { d: 'é' } })).toBe(
      undefined,
    )
  })

  test('NUL and other control characters are refused, in values and keys, at any depth', () => {
    expect(wireProblem({ name: 'a\u0000b' })).toBe('name: control character')
    expect(wireProblem({ list: [{ x: 'bell\u0007' }] })).toBe('list.0.x: control character')
    expect(wireProblem({ x: 'del\u007f' })).toBe('x: control character')
    expect(wireProblem({ 'k\u0000': 1 })).toBe('(root): bad key')
  })

  test('too long, too deep, too many, not finite', () => {
    expect(wireProblem('x'.repeat(MAX_WIRE_STRING))).toBe(undefined)
    expect(wireProblem('x'.repeat(MAX_WIRE_STRING + 1))).toMatch(/longer than/)
    let deep: unknown = 'leaf'
    for (let i = 0; i < MAX_WIRE_DEPTH + 1; i++) deep = [deep]
    expect(wireProblem(deep)).toMatch(/nested too deeply/)
    expect(wireProblem(new Array(MAX_WIRE_ITEMS + 1).fill(0))).toMatch(/more than/)
    expect(wireProblem({ n: Number.POSITIVE_INFINITY })).toBe('n: not finite')
  })
})
