/**
 * Counting what a revision's tests check, from their source (count-checks.ts reads it from git).
 * A static count: a test declared in a loop counts once, an assertion in a helper counts where
 * it is written. It compares two revisions of the same code fairly, which is its use.
 */
export const TEST_FILE = /\.test\.tsx?$/

export type Area = 'api' | 'server rules' | 'journeys' | 'e2e' | 'beside the code'

export interface AreaCounts {
  files: number
  /** it(…), test(…) and their .each/.concurrent forms */
  tests: number
  /** expect(…), expect.poll(…), expect.soft(…), and assert…(…) of node:assert */
  assertions: number
  /** fast-check properties run (fc.assert) */
  properties: number
}

export type CheckCounts = Record<Area, AreaCounts>

/** A server test file that starts the API or a database: it imports server/test's harness. */
const STARTS_SERVER = /from '(?:#server\/test\/|(?:\.\.\/)+test\/|\.\/test\/)/

/**
 * Where a test file runs (vitest.config.ts's projects; integration counts with unit), the server's
 * files parted by whether they start the API (wiring, contracts, locks) or check rules alone.
 */
export function areaOf(path: string, text = ''): Area {
  if (path.startsWith('server/')) return STARTS_SERVER.test(text) ? 'api' : 'server rules'
  if (path.startsWith('tests/journeys/')) return 'journeys'
  if (path.startsWith('tests/e2e/') || path.startsWith('tests/site/')) return 'e2e'
  return 'beside the code'
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0

const TESTS = /(?<![\w.])(?:it|test)(?:\.(?:each\([^)]*\)|concurrent|sequential|fails))*\s*\(/g
const ASSERTIONS = /(?<![\w.])(?:expect(?:\.(?:poll|soft))?\s*\(|assert(?:\.\w+)?\s*\()/g
const PROPERTIES = /\bfc\.assert\s*\(/g

export function countChecks(files: readonly { path: string; text: string }[]): CheckCounts {
  const empty = (): AreaCounts => ({ files: 0, tests: 0, assertions: 0, properties: 0 })
  const counts: CheckCounts = {
    'beside the code': empty(),
    api: empty(),
    'server rules': empty(),
    e2e: empty(),
    journeys: empty(),
  }
  for (const { path, text } of files) {
    if (!TEST_FILE.test(path)) continue
    const area = counts[areaOf(path, text)]
    area.files += 1
    area.tests += count(text, TESTS)
    area.assertions += count(text, ASSERTIONS)
    area.properties += count(text, PROPERTIES)
  }
  return counts
}
