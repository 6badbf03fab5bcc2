import { describe, expect, it } from 'vitest'
import { firstCell, moveInGrid } from './grid-nav'

const lengths = [3, 0, 1, 4]

describe('slot grid keyboard moves', () => {
  it('up and down stay inside the day', () => {
    expect(moveInGrid(lengths, { col: 0, row: 0 }, 'ArrowUp')).toEqual({ col: 0, row: 0 })
    expect(moveInGrid(lengths, { col: 0, row: 0 }, 'ArrowDown')).toEqual({ col: 0, row: 1 })
    expect(moveInGrid(lengths, { col: 0, row: 2 }, 'ArrowDown')).toEqual({ col: 0, row: 2 })
    expect(moveInGrid(lengths, { col: 3, row: 1 }, 'End')).toEqual({ col: 3, row: 3 })
    expect(moveInGrid(lengths, { col: 3, row: 3 }, 'Home')).toEqual({ col: 3, row: 0 })
  })

  it('left and right skip empty days and clamp the row', () => {
    expect(moveInGrid(lengths, { col: 0, row: 2 }, 'ArrowRight')).toEqual({ col: 2, row: 0 })
    expect(moveInGrid(lengths, { col: 2, row: 0 }, 'ArrowLeft')).toEqual({ col: 0, row: 0 })
    expect(moveInGrid(lengths, { col: 3, row: 3 }, 'ArrowRight')).toEqual({ col: 3, row: 3 })
    expect(moveInGrid(lengths, { col: 0, row: 1 }, 'ArrowLeft')).toEqual({ col: 0, row: 1 })
  })

  it('page keys go to the first and last day with times; other keys are not handled', () => {
    expect(moveInGrid(lengths, { col: 2, row: 0 }, 'PageDown')).toEqual({ col: 3, row: 0 })
    expect(moveInGrid(lengths, { col: 3, row: 3 }, 'PageUp')).toEqual({ col: 0, row: 2 })
    expect(moveInGrid(lengths, { col: 0, row: 0 }, 'Enter')).toBeNull()
  })

  it('the first cell is the first time of the first day that has one', () => {
    expect(firstCell([0, 0, 2])).toEqual({ col: 2, row: 0 })
    expect(firstCell([0])).toBeNull()
  })
})
