import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import type { LoadResult } from './api-load.ts'
import type { Machine } from './machine.ts'

export interface ApiRun {
  readonly machine: Machine
  readonly database: string
  readonly connections: number
  readonly result: LoadResult | undefined
  /** the same load on /api/health (no database, no work): the HTTP floor at that moment */
  readonly floor?: LoadResult | undefined
  readonly note?: string | undefined
}

/**
 * docs/benchmarks.md is shared with bench:build: this writer only replaces what sits between
 * its own markers (added at the end of the file the first time) and keeps its earlier rows.
 */
const START = '<!-- api-bench -->'
const END = '<!-- /api-bench -->'

const INTRO = `## API: one availability question repeated (\`npm run bench:api\`)

The single-question case: every request asks the same thing, so the cache serves nearly all of
them. What a marketplace asks is measured by \`npm run bench:availability\` (above).

scripts/bench/api.ts: the real API (production settings: no response check, no request log)
on one shop with 10 employees and 4 cabins, one 60-minute service that needs a cabin, 500
confirmed appointments in the 7 days asked for (1,500 more in the weeks around). Each request is
\`GET /api/appointments\` for that service over the 7 days (mode 2, equipment on), from 50
keep-alive connections on loopback driven by a worker thread. PostgreSQL: a throwaway local
cluster (scripts/ci/start-postgres.sh, fsync off) or BENCH_DATABASE_URL. Target:
p99 under 50 ms on PostgreSQL. **load** is the 1-minute load average at the end of the run.
**HTTP floor** is the same load on \`/api/health\` right after (no database, no work): what the
HTTP stack and the load loop alone cost on that machine at that moment. With 50 connections in
a closed loop, latency is about connections / throughput (Little's law): p99 under 50 ms needs
more than 1,000 requests per second, about 1 ms of CPU per request on one Node thread.
Since decision 009 each database is measured twice: with the product's default availability
cache (answers reused for 2 s, forgotten on any write to the company) and with it off
(\`AVAILABILITY_CACHE_MS=0\`: every request computes its answer, the cost of a miss).

| date | machine | database | connections | requests | req/s | p50 ms | p99 ms | max ms | errors | HTTP floor: req/s, p50 / p99 ms |
|---|---|---|---|---|---|---|---|---|---|---|
`

const ms = (n: number) => n.toFixed(1)
const perSecond = (r: LoadResult) => Math.round(r.requests / r.seconds)

export function apiRow(run: ApiRun): string {
  const m = run.machine
  const machine = `${m.nproc} CPU ${m.cpu}, ${m.memoryGb} GB, Node ${m.node}, load ${m.load}`
  const head = `| ${m.date} | ${machine} | ${run.database} | ${run.connections}`
  const r = run.result
  if (!r) return `${head} | - | - | - | - | - | ${run.note ?? 'not measured'} | - |`
  const f = run.floor
  const floor = f ? `${perSecond(f)}, ${ms(f.p50)} / ${ms(f.p99)}` : '-'
  return `${head} | ${r.requests} | ${perSecond(r)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.errors} | ${floor} |`
}

export function writeApiRuns(file: string, runs: readonly ApiRun[], command: string): void {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const start = current.indexOf(START)
  const end = current.indexOf(END)
  const inside = start >= 0 && end > start ? current.slice(start, end) : ''
  const rows = inside.split('\n').filter((line) => line.startsWith('| 2'))
  rows.push(...runs.map(apiRow))
  const section = `${START}\n${INTRO}${rows.join('\n')}\n\nLatest run: \`${command}\`\n${END}`
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${section}${current.slice(end + END.length)}`
      : `${current.trimEnd()}${current.trim() ? '\n\n' : ''}${section}\n`
  writeFileSync(file, next)
}
