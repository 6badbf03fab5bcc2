import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { exitOf, isStopping, spawnTracked, stopChildren, stopOnSignals } from '../shared/children'
import { withResolveMemo } from '../shared/resolve-memo-options'
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
 * `npm test`: the static checks (package.json `checks`) beside the vitest lanes, a failed check
 * stopping them all; the browser lane and the node lane (lanes.ts) at the same time, each line
 * tagged with its lane (and, with TEST_POSTGRES_URL, the API files on PostgreSQL instead of
 * PGlite, once the node lane is done), then the browser tail beside what is left of the browser
 * lane, then one verdict. Arguments go to every lane; with `--project`, or a file filter, it is
 * the checks then one plain `vitest run` (a developer's narrower run).
 */
// vitest's bin (its package exports only package.json besides its modules)
const vitest = join(
  dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
)
const extra = process.argv.slice(2)
// every Node process of the run, the lanes' children too, loads modules through the memo
// (docs/decisions/112-resolve-memo.md)
process.env.NODE_OPTIONS = withResolveMemo(process.env.NODE_OPTIONS)

async function runLane(lane: Lane, env = process.env): Promise<LaneResult> {
  return runTagged(lane.name, process.execPath, [vitest, ...laneArgs(lane, extra)], {
    ...env,
    FORCE_COLOR: process.stdout.isTTY ? '1' : '0',
  })
}

async function runTagged(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<LaneResult> {
  const started = performance.now()
  // once a failed check stopped the run, no lane starts (spawnTracked refuses)
  if (isStopping())
    return { name, code: null, seconds: 0, failures: ['not started: the run stopped'] }
  const child = spawnTracked(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env })
  const failures = failureLog()
  const out = tagLines(name, failures.see)
  const err = tagLines(name, failures.see)
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => process.stdout.write(out(chunk)))
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => process.stderr.write(err(chunk)))
  const code = await exitOf(child)
  process.stdout.write(out('\n'))
  return { name, code, seconds: (performance.now() - started) / 1000, failures: failures.lines() }
}

/** package.json's `checks`: typecheck, lint, layers and exports, one after the other. */
const runChecks = () => runTagged('checks', 'npm', ['run', '--silent', 'checks'], process.env)

async function main(): Promise<number> {
  const narrower = extra.some((arg) => arg === '--project' || !arg.startsWith('-'))
  if (narrower) {
    const checks = await runChecks()
    if (checks.code !== 0) return report([checks])
    const child = spawnTracked(process.execPath, [vitest, 'run', ...extra], { stdio: 'inherit' })
    return (await exitOf(child)) ?? 1
  }
  // The checks run beside the lanes (decision 099): alone first, they left a core idle for
  // about 40 s. A failed check stops the lanes, so a type error still fails the run early.
  let stopped = false
  const checks = runChecks().then(async (result) => {
    if (result.code !== 0) {
      stopped = true
      await stopChildren()
    }
    return result
  })
  const pass = postgresPassEnv(process.env)
  const runs = lanesFor(process.env).map(async (lane) => {
    const result = await runLane(lane)
    if (lane.name !== POSTGRES_PASS.after || stopped) return [result]
    const afterIt = pass ? [await runLane(POSTGRES_PASS, pass)] : []
    if (stopped) return [result, ...afterIt]
    // the browser tail once the node side is done (lanes.ts BROWSER_TAIL)
    return [result, ...afterIt, await runLane(BROWSER_TAIL)]
  })
  return report([await checks, ...(await Promise.all(runs)).flat()])
}

function report(results: readonly LaneResult[]): number {
  const { lines, code } = verdict(results)
  console.log(
    ['', 'npm test, checks and vitest lanes:', ...lines.map((line) => `  ${line}`)].join('\n'),
  )
  return code
}

stopOnSignals()
main().then((code) => process.exit(code))
