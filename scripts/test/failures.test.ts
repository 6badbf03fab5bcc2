import { describe, expect, it } from 'vitest'
import { failureLog } from './failures'

describe("a lane's failure log", () => {
  it('keeps each failed test and the first line of its reason, without colours', () => {
    const log = failureLog()
    for (const line of [
      ' \u001b[32m✓\u001b[39m api server/a.test.ts (3 tests) 120ms',
      '\u001b[41m\u001b[1m FAIL \u001b[22m\u001b[49m api server/b.test.ts > limits > refuses the 11th',
      '',
      '\u001b[31mAssertionError: expected 409 to be 429\u001b[39m',
      ' ❯ server/b.test.ts:12:5',
      ' FAIL  unit src/c.test.ts > adds',
      'Error: boom',
    ]) {
      log.see(line)
    }
    expect(log.lines()).toEqual([
      'FAIL  api server/b.test.ts > limits > refuses the 11th',
      '  AssertionError: expected 409 to be 429',
      'FAIL  unit src/c.test.ts > adds',
      '  Error: boom',
    ])
  })

  it('keeps an error raised outside any test', () => {
    const log = failureLog()
    log.see('⎯⎯⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯⎯⎯')
    log.see('Error: connection reset')
    expect(log.lines()).toEqual(['⎯⎯⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯⎯⎯', '  Error: connection reset'])
  })

  it('passes nothing when nothing failed, and cuts a long list', () => {
    expect(failureLog().lines()).toEqual([])
    const log = failureLog()
    for (let i = 0; i < 100; i += 1) log.see(`FAIL  unit t${i}.test.ts > x`)
    expect(log.lines()).toHaveLength(61)
    expect(log.lines().at(-1)).toBe('… 40 more')
  })
})
