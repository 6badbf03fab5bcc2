import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { appendRun, type BenchNumbers } from './report-md'

const dir = mkdtempSync(join(tmpdir(), 'bench-md-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const numbers: BenchNumbers = {
  command: 'npm run bench:build',
  machine: { nproc: 2, memoryGb: 8, cpu: 'cpu', node: 'v24', date: '2026-11-22', load: 1 },
  tenants: 12,
  locales: 5,
  pages: 10_000,
  batchSize: 50,
  parallel: 1,
  processes: 1,
  coldSeconds: 30,
  buildMs: 25_000,
  cpuMs: 20_000,
  publishSeconds: 2,
  peakRssMb: 700,
  warmSeconds: 20,
  warmWritten: 0,
  rebuildSeconds: 6,
  rebuildWarmSeconds: 4,
  rebuildPages: 880,
  liveSeconds: 3.5,
  compress: { copies: 20_000, buildMs: 7_000, publishMs: 500 },
}

describe('docs/benchmarks.md', () => {
  it('adds one row per run under a table whose rows all have the header columns; keeps notes', () => {
    const file = join(dir, 'benchmarks.md')
    appendRun(file, numbers)
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n## Notes\nkept by hand\n`)
    appendRun(file, {
      ...numbers,
      command: 'npm run bench:build -- --live',
      liveSeconds: undefined,
    })
    const text = readFileSync(file, 'utf8')
    const table = text.split('\n').filter((line) => line.startsWith('|'))
    expect(table).toHaveLength(4)
    const cells = table.map((line) => line.split('|').length)
    expect(new Set(cells).size).toBe(1)
    expect(table[2]).toContain('| 2.50 | 2.00 | 3.00 |')
    expect(table[3]).toContain('| not measured | 0.70 / 0.05 (20000) |')
    expect(text).toContain('## Notes\nkept by hand')
    expect(text.match(/Last command:/g)).toHaveLength(1)
    expect(text).toContain('Last command: `npm run bench:build -- --live`')
  })

  it('pads the rows of runs made before a column was added', () => {
    const file = join(dir, 'older.md')
    appendRun(file, numbers)
    const older = readFileSync(file, 'utf8').replace(
      / \| [^|]*\|\n<!-- \/runs -->/,
      ' |\n<!-- /runs -->',
    )
    writeFileSync(file, older)
    appendRun(file, numbers)
    const table = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('|'))
    expect(new Set(table.map((line) => line.split('|').length)).size).toBe(1)
    expect(table[2]).toMatch(/\| - \|$/)
  })
})
