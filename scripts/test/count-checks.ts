import { execFileSync } from 'node:child_process'
import { type CheckCounts, countChecks, TEST_FILE } from './checks'

/**
 * What the tests check, counted in the source of one git revision (`npm run test:count -- REV`,
 * HEAD by default; several revisions give one line each): test files, declared tests,
 * assertions written and fast-check properties per area. The README's before/after table of
 * the test time's work comes from it, so a faster `npm test` can be shown to check no less.
 */
function filesAt(rev: string): string[] {
  return execFileSync('git', ['ls-tree', '-r', '--name-only', rev], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\n')
    .filter((path) => TEST_FILE.test(path))
}

function textAt(rev: string, path: string): string {
  return execFileSync('git', ['show', `${rev}:${path}`], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
}

function row(rev: string, counts: CheckCounts): string {
  return Object.entries(counts)
    .map(
      ([area, c]) =>
        `${rev} ${area}: ${c.files} files, ${c.tests} tests, ${c.assertions} assertions, ${c.properties} properties`,
    )
    .join('\n')
}

const revs = process.argv.slice(2)
for (const rev of revs.length > 0 ? revs : ['HEAD']) {
  const files = filesAt(rev).map((path) => ({ path, text: textAt(rev, path) }))
  console.log(row(rev, countChecks(files)))
}
