import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { closedCombo, comboKey, comboTyped } from './city-combobox'

describe('city combobox keys (docs/decisions/033-maps-after-consent.md)', () => {
  it('typing opens the list with no option active; clearing closes it', () => {
    expect(comboTyped('cha')).toEqual({ open: true, active: -1 })
    expect(comboTyped('  ')).toEqual(closedCombo)
  })

  it('arrows move the active option and wrap', () => {
    const typed = comboTyped('a')
    const down = comboKey(typed, 'ArrowDown', 3)
    expect(down).toEqual({ combo: { open: true, active: 0 }, handled: true })
    expect(comboKey({ open: true, active: 2 }, 'ArrowDown', 3).combo.active).toBe(0)
    expect(comboKey(typed, 'ArrowUp', 3).combo.active).toBe(2)
    expect(comboKey({ open: true, active: 1 }, 'ArrowUp', 3).combo.active).toBe(0)
  })

  it('ArrowDown reopens a closed list on its first option', () => {
    expect(comboKey(closedCombo, 'ArrowDown', 2).combo).toEqual({ open: true, active: 0 })
  })

  it('Enter chooses the active option and closes; without one it is left to the form', () => {
    expect(comboKey({ open: true, active: 1 }, 'Enter', 3)).toEqual({
      combo: closedCombo,
      chosen: 1,
      handled: true,
    })
    expect(comboKey({ open: true, active: -1 }, 'Enter', 3).handled).toBe(false)
    expect(comboKey({ open: false, active: 1 }, 'Enter', 3).handled).toBe(false)
  })

  it('Escape closes an open list only (else the field clears as usual)', () => {
    expect(comboKey({ open: true, active: 0 }, 'Escape', 2)).toEqual({
      combo: closedCombo,
      handled: true,
    })
    expect(comboKey(closedCombo, 'Escape', 2).handled).toBe(false)
  })

  it('whatever the keys, the active option is -1 or one of the options', () => {
    const keys = fc.constantFrom('ArrowDown', 'ArrowUp', 'Enter', 'Escape', 'a')
    fc.assert(
      fc.property(fc.array(keys), fc.integer({ min: 0, max: 6 }), (pressed, count) => {
        let combo = comboTyped('x')
        for (const key of pressed) {
          const result = comboKey(combo, key, count)
          if (result.chosen !== undefined) expect(result.chosen).toBeLessThan(count)
          combo = result.combo
          expect(combo.active).toBeGreaterThanOrEqual(-1)
          expect(combo.active).toBeLessThan(Math.max(count, 1))
        }
      }),
    )
  })
})
