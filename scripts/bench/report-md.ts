import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import type { Machine } from './machine'

export interface BenchNumbers {
  readonly command: string
  readonly machine: Machine
  readonly tenants: number
  readonly locales: number
  readonly pages: number
  readonly batchSize: number
  readonly parallel: number
  readonly processes: number
  readonly coldSeconds: number
  readonly buildMs: number
  readonly cpuMs: number
  readonly publishSeconds: number
  readonly peakRssMb: number
  readonly warmSeconds: number
  readonly warmWritten: number
  readonly rebuildSeconds: number
  readonly rebuildWarmSeconds: number
  readonly rebuildPages: number
  /**
   * The cold build's compression: copies written by the build processes' threads beside the
   * render, their busy time, and the time the publishing spent on copies (ms). Absent in rows
   * before decision 074.
   */
  readonly compress: {
    readonly copies: number
    readonly buildMs: number
    readonly publishMs: number
  }
  /** Webhook to live through the real API and serve; undefined when not measured. */
  readonly liveSeconds?: number | undefined
  readonly liveNote?: string | undefined
}

const START = '<!-- runs -->'
const END = '<!-- /runs -->'

const HEADER = `# Build benchmarks

Measured by \`npm run bench:build\` (scripts/bench/build.ts): synthetic tenants made from the demo
marketplace tenant (five locales, shops, magazine) with extra posts, written as snapshots and
built by the real batch build (Astro child processes, atomic publish) into .data/bench/.
Targets: under 2 ms per page at 10,000 pages; one tenant's publish-to-live under 5 s.

- **ms/page (build)**: time inside the Astro build processes divided by the pages rendered.
- **CPU ms/page**: CPU time (user + system) of the build processes per page, start-up included:
  the number least moved by other work on the machine.
- **ms/page (wall)**: the whole run (process start-up, build, compression, publish) divided by
  the pages: the pipeline's figure.
- **compression ms/page**: since decision 074, the busy time of the build processes' compression
  threads (brotli and gzip of each page, beside the render, so it adds no wall time while a core
  is free), then the time the publishing spent on copies (reusing published ones, compressing
  what had none), per page; in brackets the copies written by the threads.
- **publish s**: the time spent comparing and moving files into the sites folder; since
  decision 074 a tenant is published while the next ones render, so it overlaps the build.
- **load**: the machine's 1-minute load average at the end of the run (other work skews numbers).
- **peak memory**: the largest peak resident set (getrusage maxRSS) of one build process.
- **unchanged rebuild**: the same run again with the same data; "files written" must be 0.
- **one-tenant rebuild**: one synthetic tenant's snapshot changed (a post added), rebuilt alone
  and published, by a new build process (\`build:sites --tenant\`) and by one started ahead of
  time (what the serve process does).
- **publish-to-live** (\`--live\`): the real API (in memory, demo data) whose publish webhook
  points at the real serve process; a provider of maison-lumiere.localhost (165 pages) creates a
  post through the API; the time runs until the post's magazine page answers 200 on the site
  (webhook, queue, pull, build by the waiting build process, atomic publish).
`

const COLUMNS = [
  'date',
  'machine',
  'tenants × locales',
  'pages',
  'batch × parallel',
  'ms/page (build)',
  'CPU ms/page',
  'ms/page (wall)',
  'total s (publish s)',
  'peak MB',
  'unchanged rebuild s (files written)',
  'one-tenant rebuild s: new process / warm process (pages)',
  'publish-to-live s',
  'compression ms/page: threads / publishing (copies)',
]
const TABLE = `| ${COLUMNS.join(' | ')} |\n|${COLUMNS.map(() => '---|').join('')}\n`

export function tableRow(n: BenchNumbers): string {
  const m = n.machine
  const machine = `${m.nproc} CPU ${m.cpu}, ${m.memoryGb} GB, Node ${m.node}, load ${m.load}`
  const perBuild = n.pages > 0 ? (n.buildMs / n.pages).toFixed(2) : '-'
  const perCpu = n.pages > 0 ? (n.cpuMs / n.pages).toFixed(2) : '-'
  const perWall = n.pages > 0 ? ((n.coldSeconds * 1000) / n.pages).toFixed(2) : '-'
  const live =
    n.liveSeconds === undefined ? (n.liveNote ?? 'not measured') : n.liveSeconds.toFixed(2)
  const per = (ms: number) => (n.pages > 0 ? (ms / n.pages).toFixed(2) : '-')
  const compress = `${per(n.compress.buildMs)} / ${per(n.compress.publishMs)} (${n.compress.copies})`
  return `| ${m.date} | ${machine} | ${n.tenants} × ${n.locales} | ${n.pages} | ${n.batchSize} × ${n.parallel} | ${perBuild} | ${perCpu} | ${perWall} | ${n.coldSeconds.toFixed(1)} (${n.publishSeconds.toFixed(1)}) | ${n.peakRssMb} | ${n.warmSeconds.toFixed(1)} (${n.warmWritten}) | ${n.rebuildSeconds.toFixed(2)} / ${n.rebuildWarmSeconds.toFixed(2)} (${n.rebuildPages}) | ${live} | ${compress} |`
}

/** A row of an older table, given the cells of the columns added since ("-": not measured). */
function padded(row: string): string {
  const missing = COLUMNS.length - (row.split('|').length - 2)
  return missing > 0 ? `${row}${' - |'.repeat(missing)}` : row
}

/** Adds this run's row to docs/benchmarks.md, keeping earlier rows (newest last). */
export function appendRun(file: string, numbers: BenchNumbers): void {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const start = current.indexOf(START)
  const end = current.indexOf(END)
  const rows =
    start >= 0 && end > start
      ? current
          .slice(start + START.length, end)
          .split('\n')
          .filter((line) => line.startsWith('| 2'))
          .map(padded)
      : []
  rows.push(tableRow(numbers))
  // Notes written below the table by hand are kept; only the last command line is replaced.
  const notes =
    end >= 0
      ? current
          .slice(end + END.length)
          .split('\n')
          .filter((line) => !line.startsWith('Last command:'))
          .join('\n')
          .trim()
      : ''
  const table = `${START}\n${TABLE}${rows.join('\n')}\n${END}`
  const last = `Last command: \`${numbers.command}\``
  const body = `${HEADER}\n${table}\n\n${last}\n${notes === '' ? '' : `\n${notes}\n`}`
  writeFileSync(file, body)
}

/** Appends a benchmark's section (Markdown) at the end of `file` (docs/benchmarks.md). */
export function appendSection(file: URL | string, section: string): void {
  writeFileSync(file, `${readFileSync(file, 'utf8').trimEnd()}\n${section}`)
}
