import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { instantOf, localInputOf, windowProblem, windowState } from './window'

const instants = fc
  .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) })
  .map((ms) => new Date(ms - (ms % 60_000)).toISOString())

describe('a dated window', () => {
  it('is wrong exactly when both bounds are given and the end does not follow the start', () => {
    fc.assert(
      fc.property(instants, instants, (a, b) => {
        expect(windowProblem(a, b) === undefined).toBe(Date.parse(a) < Date.parse(b))
        expect(windowProblem(a, undefined)).toBeUndefined()
        expect(windowProblem(undefined, b)).toBeUndefined()
        expect(windowProblem('', b)).toBeUndefined()
      }),
    )
    expect(windowProblem('soon', '2030-01-01T00:00:00Z')).toBe('endBeforeStart')
  })

  it('is current strictly between its bounds, scheduled before, ended from its end on', () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: 1, max: 10 ** 10 }), instants, (start, span, at) => {
        const end = new Date(Date.parse(start) + span).toISOString()
        const now = Date.parse(at)
        const state = windowState({ start, end }, now)
        const from = Date.parse(start)
        const to = Date.parse(end)
        expect(state).toBe(now <= from ? 'scheduled' : now >= to ? 'ended' : 'current')
      }),
    )
    expect(windowState({}, Date.now())).toBe('current')
    expect(
      windowState(
        { start: '2020-01-01T00:00:00Z', end: '2020-01-02T00:00:00Z' },
        Date.parse('2020-01-02T00:00:00Z'),
      ),
    ).toBe('ended')
  })

  it('goes through a datetime-local field and back to the same minute', () => {
    fc.assert(
      fc.property(instants, (at) => {
        expect(instantOf(localInputOf(at))).toBe(at)
      }),
    )
    expect(instantOf('')).toBe('')
    expect(localInputOf(undefined)).toBe('')
  })
})
