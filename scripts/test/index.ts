import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { exitOf, spawnTracked, stopOnSignals } from '../shared/children'
import { failureLog } from './failures'
import {
  BROWSER_TAIL,
  type Lane,
  type LaneResult,
  laneArgs,
  lanesFor,
  POSTGRES_PASS,
  postgresPassEnv,
  tagLines,
  verdict,
} from './lanes'

/**
 * The vitest part of `npm test`: the browser lane and the node lane (lanes.ts) at the same time,
 * each line tagged with its lane (and, with TEST_POSTGRES_URL, the API files on PostgreSQL instead
 * of PGlite, once the node lane is done), then the browser tail beside what is left of the
 * browser lane, then one verdict. Arguments go to every lane; with
 * `--project`, or a file filter, it is one plain `vitest run` (a developer's narrower run).
 */
// vitest's bin (its package exports only package.json besides its modules)
const vitest = join(
  dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
)
const extra = process.argv.slice(2)

async function runLane(lane: Lane, env = process.env): Promise<LaneResult> {
  const started = performance.now()
  const child = spawnTracked(process.execPath, [vitest, ...laneArgs(lane, extra)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
  })
  const failures = failureLog()
  const out = tagLines(lane.name, failures.see)
  const err = tagLines(lane.name, failures.see)
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => process.stdout.write(out(chunk)))
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => process.stderr.write(err(chunk)))
  const code = await exitOf(child)
  process.stdout.write(out('\n'))
  return {
    name: lane.name,
    code,
    seconds: (performance.now() - started) / 1000,
    failures: failures.lines(),
  }
}

async function main(): Promise<number> {
  const narrower = extra.some((arg) => arg === '--project' || !arg.startsWith('-'))
  if (narrower) {
    const child = spawnTracked(process.execPath, [vitest, 'run', ...extra], { stdio: 'inherit' })
    return (await exitOf(child)) ?? 1
  }
  const pass = postgresPassEnv(process.env)
  const runs = lanesFor(process.env).map(async (lane) => {
    const result = await runLane(lane)
    if (lane.name !== POSTGRES_PASS.after) return [result]
    const afterIt = pass ? [await runLane(POSTGRES_PASS, pass)] : []
    // the browser tail once the node side is done (lanes.ts BROWSER_TAIL)
    return [result, ...afterIt, await runLane(BROWSER_TAIL)]
  })
  const results = (await Promise.all(runs)).flat()
  const { lines, code } = verdict(results)
  console.log(['', 'npm test, vitest lanes:', ...lines.map((line) => `  ${line}`)].join('\n'))
  return code
}

stopOnSignals()
main().then((code) => process.exit(code))
