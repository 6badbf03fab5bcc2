import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { snapshotFile } from '#site/snapshots'
import { createWarmBuilder } from '../build-sites/batches'
import { buildConfig } from '../build-sites/config'
import type { RunSummary } from '../build-sites/report'
import { runBuild } from '../build-sites/run'
import { writeSnapshot } from '../build-sites/snapshot-write'
import { stopOnSignals } from '../shared/children'
import { errorMessage, projectRoot } from '../shared/paths'
import { measureLive } from './live'
import { describeMachine } from './machine'
import { appendRun } from './report-md'
import { syntheticSnapshot, templateSnapshot, writeSyntheticTenants } from './synthetic'

/**
 * `npm run bench:build -- [--tenants N | --total T] [--pages P] [--posts K] [--batch-size B]
 * [--parallel J] [--live] [--no-write] [--cold-only]`: N synthetic tenants × 5 locales × about P pages per locale (at least
 * what the template renders), built cold, built again unchanged (must write nothing), then one
 * tenant rebuilt alone; the numbers are added to docs/benchmarks.md. Without --tenants, N is
 * chosen so the cold build renders about T pages (default 10,000). --posts sets the extra posts
 * per tenant instead of calibrating them from P. --cold-only stops after the cold build and
 * writes nothing (for before/after runs alternated in one sitting).
 */
const { values } = parseArgs({
  options: {
    tenants: { type: 'string' },
    total: { type: 'string', default: '10000' },
    pages: { type: 'string', default: '100' },
    posts: { type: 'string' },
    'batch-size': { type: 'string', default: '50' },
    parallel: { type: 'string', default: '1' },
    live: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    'cold-only': { type: 'boolean', default: false },
  },
})
const pagesPerLocale = Number(values.pages)
const batchSize = Number(values['batch-size'])
const LOCALE_COUNT = 5
const benchDir = join(projectRoot, '.data', 'bench')
const config = buildConfig(process.env, {
  snapshotDir: join(benchDir, 'snapshots'),
  sitesDir: join(benchDir, 'sites'),
  workDir: join(benchDir, 'work'),
  batchSize,
  parallel: Number(values.parallel),
})
const quiet = () => undefined
const mb = (kb: number) => Math.round(kb / 1024)
const written = (s: RunSummary) =>
  s.tenants.reduce((sum, t) => sum + (t.status === 'failed' ? 0 : t.written), 0)

function check(summary: RunSummary, what: string): void {
  if (summary.failures === 0) return
  const first = summary.tenants.find((t) => t.status === 'failed')
  throw new Error(`${what}: ${summary.failures} tenant(s) failed, e.g. ${JSON.stringify(first)}`)
}

/** Pages the template renders per locale with no extra post: one calibration build. */
async function calibrate(): Promise<number> {
  const template = templateSnapshot()
  const [host] = await writeSyntheticTenants(config.snapshotDir, template, 1, 0)
  const summary = await runBuild(config, { hosts: [host ?? ''], pull: false, log: quiet })
  check(summary, 'calibration')
  return summary.pages / LOCALE_COUNT
}

async function main(): Promise<void> {
  // One "now" for every build of the run, so the unchanged rebuild can be byte-identical.
  process.env.SITES_NOW ??= new Date().toISOString()
  await rm(benchDir, { recursive: true, force: true })
  const base = await calibrate()
  const extraPosts =
    values.posts === undefined
      ? Math.max(0, Math.round(pagesPerLocale - base))
      : Number(values.posts)
  // Each extra post adds one page per locale (its magazine page) when the tree renders posts.
  const perTenant = LOCALE_COUNT * (base + extraPosts)
  const tenants = values.tenants
    ? Number(values.tenants)
    : Math.max(1, Math.ceil(Number(values.total) / Math.max(1, perTenant)))
  console.log(
    `bench: ${tenants} tenants × ${LOCALE_COUNT} locales, ${extraPosts} extra posts each (template: ${base} pages per locale)`,
  )
  await rm(config.sitesDir, { recursive: true, force: true })
  const template = templateSnapshot()
  const hosts = await writeSyntheticTenants(config.snapshotDir, template, tenants, extraPosts)

  const cold = await runBuild(config, { hosts, pull: false, log: quiet })
  check(cold, 'cold build')
  const perPage = (ms: number) => (ms / cold.pages).toFixed(2)
  console.log(
    `cold: ${cold.pages} pages in ${cold.seconds.toFixed(1)} s (${perPage(cold.seconds * 1000)} ms/page of wall time; build ${cold.buildMs} ms, ${perPage(cold.buildMs)} ms/page; CPU ${perPage(cold.cpuMs)} ms/page), peak ${mb(cold.peakRssKb)} MB, ${cold.batches} process(es)`,
  )
  console.log(
    `compression: ${cold.compress.copies} copies by the build's threads, ${Math.round(cold.compress.buildMs)} ms busy writing the pages and compressing (${perPage(cold.compress.buildMs)} ms/page, beside the render); publishing ${Math.round(cold.compress.publishMs)} ms (${perPage(cold.compress.publishMs)} ms/page)`,
  )
  if (values['cold-only']) return
  const warm = await runBuild(config, { hosts, pull: false, log: quiet })
  check(warm, 'unchanged build')
  console.log(
    `unchanged: ${warm.seconds.toFixed(1)} s (build ${warm.buildMs} ms, publish ${Math.round(warm.publishMs)} ms), ${written(warm)} files written`,
  )

  const [first] = hosts
  if (first === undefined) throw new Error('no tenant')
  // A post added to one tenant, rebuilt by a new build process (as `build:sites --tenant`)...
  await writeSnapshot(config.snapshotDir, syntheticSnapshot(template, 1, extraPosts + 1))
  const one = await runBuild(config, { hosts: [first], pull: false, log: quiet })
  check(one, 'one-tenant rebuild')
  // ...and another, by a build process started ahead of time (as the serve process does).
  const warmBuilder = createWarmBuilder(config.root)
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  await writeSnapshot(config.snapshotDir, syntheticSnapshot(template, 1, extraPosts + 2))
  const oneWarm = await runBuild(config, {
    hosts: [first],
    pull: false,
    log: quiet,
    builder: warmBuilder.build,
  })
  warmBuilder.close()
  check(oneWarm, 'one-tenant rebuild (warm)')
  console.log(
    `one tenant (${snapshotFile(config.snapshotDir, first)} changed): ${one.seconds.toFixed(2)} s, warm process ${oneWarm.seconds.toFixed(2)} s, ${one.pages} pages, ${written(one)} files written`,
  )

  const live = values.live ? await measureLive(benchDir) : undefined
  const liveSeconds = live?.seconds[0]
  if (live) console.log(`publish-to-live: ${liveSeconds?.toFixed(2) ?? live.note}`)

  const numbers = {
    command: `npm run bench:build -- ${process.argv.slice(2).join(' ')}`.trim(),
    machine: describeMachine(),
    tenants,
    locales: LOCALE_COUNT,
    pages: cold.pages,
    batchSize,
    parallel: config.parallel,
    processes: cold.batches,
    coldSeconds: cold.seconds,
    buildMs: cold.buildMs,
    cpuMs: cold.cpuMs,
    publishSeconds: cold.publishMs / 1000,
    peakRssMb: mb(cold.peakRssKb),
    warmSeconds: warm.seconds,
    warmWritten: written(warm),
    rebuildSeconds: one.seconds,
    rebuildWarmSeconds: oneWarm.seconds,
    rebuildPages: one.pages,
    liveSeconds,
    liveNote: live?.note,
    compress: cold.compress,
  }
  if (!values['no-write']) {
    appendRun(join(projectRoot, 'docs', 'benchmarks.md'), numbers)
    console.log('written to docs/benchmarks.md')
  }
}

stopOnSignals()
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench:build failed: ${errorMessage(error)}`)
    process.exit(1)
  },
)
