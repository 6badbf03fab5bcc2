import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { type KindResult, type MixResult, serverErrors } from './availability-load.ts'
import type { MarketSize } from './availability-market.ts'
import type { Machine } from './machine.ts'

export interface AvailabilityRun {
  readonly machine: Machine
  readonly database: string
  /** what the code measured was: "before", a lever's name, ... (--label) */
  readonly label: string
  readonly size: MarketSize
  readonly connections: number
  readonly result: MixResult | undefined
  /** share of availability answers served from the cache during the measured window */
  readonly cacheHits: number | undefined
  /** share of availability answers reused whole (docs/decisions/043-availability-answers.md) */
  readonly answersReused?: number | undefined
  /** share of the answers computed alike to one already held (docs/decisions/047-*) */
  readonly answersShared?: number | undefined
  readonly apiCpu: number | undefined
  readonly postgresCpu: number | undefined
  /** the load loop's own CPU (it shares the machine); absent from runs before 2026-11-26 */
  readonly loadCpu?: number | undefined
  readonly overlaps: number | undefined
  readonly note?: string | undefined
}

/** docs/benchmarks.md is shared: this writer only replaces what sits between its markers. */
const START = '<!-- availability-bench -->'
const END = '<!-- /availability-bench -->'

const INTRO = `## API: availability and holds, marketplace mix (\`npm run bench:availability\`)

scripts/bench/availability.ts: one company with 100 shops × 8 services (6 employees and
2 cabins per shop), 8 weeks of confirmed appointments (96,000; since decision 050 each shop's
day is one paid cart with its confirmed booking order, as the product writes them) and 3,000
customers, seeded through the schema, then vacuumed and analysed as autovacuum would have done
long before a real database held this much (\`--small\`: 10 shops, 2 weeks, 2,400, 200). The
real API runs in its own process (production settings) on a throwaway PostgreSQL cluster
(scripts/ci/start-postgres.sh) and on PGlite. 50 keep-alive connections (node:http, answers
asked in brotli as a browser asks, not decompressed) in a closed loop: reads of the week of a
random (shop, service, week), 5 % holds (a third of them aimed at a booked employee and hour,
refused with 409) and 5 % checks. Runs before 2026-11-26 (decision 043) used fetch() and an
unvacuumed seed; runs before decision 050 seeded no booking orders, so the holds of a first run
searched an orders table that had been analysed empty. Targets (PostgreSQL): mix p99 ≤ 50 ms,
reads p99 ≤ 20 ms, holds p99 ≤ 50 ms, 0 × 5xx, 0 overlapping bookings. **5xx** counts failed
connections too; **hits** is the share of
availability answers whose days all came from the cache, and in brackets the share of answers
reused whole (the same question on the same cached days, decision 043) and, since decision 047,
the share of the answers computed that came out alike to one already held ("alike"); **CPU s** is user +
system time over the measured window of the API process and of all PostgreSQL processes, from /proc,
and after them (since 2026-11-26) the load loop's, which shares the machine;
**overlaps** is counted by SQL at the end (live claims of one resource that overlap, plus live
appointments of one employee that overlap). **load** is the 1-minute load average at the end.
Latencies in ms as p50 / p95 / p99 / max.

| date | machine | database | code | size | req/s | mix | reads | holds (n, 2xx/409) | checks | 5xx | hits | CPU s API / PG [/ load] (ms per request) | overlaps |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
`

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-')
const quartet = (r: KindResult) => `${ms(r.p50)} / ${ms(r.p95)} / ${ms(r.p99)} / ${ms(r.max)}`
const perRequest = (cpu: number | undefined, r: MixResult) =>
  cpu === undefined ? '-' : ((cpu * 1000) / r.all.count).toFixed(2)
const seconds = (n: number | undefined) => (n === undefined ? '-' : n.toFixed(1))

/** CPU seconds of the API / PostgreSQL [/ load loop], then the same per request in ms. */
export function cpuText(run: AvailabilityRun, r: MixResult): string {
  const parts = [run.apiCpu, run.postgresCpu, ...(run.loadCpu === undefined ? [] : [run.loadCpu])]
  return `${parts.map(seconds).join(' / ')} (${parts.map((cpu) => perRequest(cpu, r)).join(' / ')})`
}

export function availabilityRow(run: AvailabilityRun): string {
  const m = run.machine
  const machine = `${m.nproc} CPU, ${m.memoryGb} GB, Node ${m.node}, load ${m.load}`
  const s = run.size
  const size = `${s.shops} shops, ${s.weeks} wk, ${s.appointments}, ${s.customers} cust, ${run.connections} conn`
  const head = `| ${m.date} | ${machine} | ${run.database} | ${run.label} | ${size}`
  const r = run.result
  if (!r) return `${head} | ${run.note ?? 'not measured'} | - | - | - | - | - | - | - | - |`
  const holds = `${quartet(r.hold)} (${r.hold.count}, ${r.hold.statuses['200'] ?? 0}/${r.hold.statuses['409'] ?? 0})`
  const hits = hitsText(run)
  return `${head} | ${Math.round(r.all.count / r.seconds)} | ${quartet(r.all)} | ${quartet(r.read)} | ${holds} | ${quartet(r.check)} | ${serverErrors(r.all)} | ${hits} | ${cpuText(run, r)} | ${run.overlaps ?? '-'} |`
}

const share = (value: number) => `${Math.round(value * 100)} %`

/**
 * The cache's hits, and the answers reused whole when the run counted them, and of those
 * computed, the share alike to one already held.
 */
export function hitsText(
  run: Pick<AvailabilityRun, 'cacheHits' | 'answersReused' | 'answersShared'>,
): string {
  if (run.cacheHits === undefined) return '-'
  const alike = run.answersShared === undefined ? '' : `, alike ${share(run.answersShared)}`
  const answers =
    run.answersReused === undefined ? '' : ` (answers ${share(run.answersReused)}${alike})`
  return `${share(run.cacheHits)}${answers}`
}

export function writeAvailabilityRuns(
  file: string,
  runs: readonly AvailabilityRun[],
  command: string,
): void {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const start = current.indexOf(START)
  const end = current.indexOf(END)
  const inside = start >= 0 && end > start ? current.slice(start, end) : ''
  const rows = inside.split('\n').filter((line) => line.startsWith('| 2'))
  rows.push(...runs.map(availabilityRow))
  const section = `${START}\n${INTRO}${rows.join('\n')}\n\nLatest run: \`${command}\`\n${END}`
  // the first time: just before the single-question bench (api-report.ts), which points to it
  const single = current.indexOf('<!-- api-bench -->')
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${section}${current.slice(end + END.length)}`
      : single >= 0
        ? `${current.slice(0, single)}${section}\n\n${current.slice(single)}`
        : `${current.trimEnd()}${current.trim() ? '\n\n' : ''}${section}\n`
  writeFileSync(file, next)
}
