/**
 * `npm test`'s vitest projects in two lanes run at the same time (docs/decisions/068): the
 * browser projects run their files one at a time, and vitest runs such a group only after every
 * parallel file of the same process, so in one process the journeys' serial half hour came after
 * the API files. In a process of their own they start at once, beside the parallel projects.
 */
export interface Lane {
  readonly name: string
  readonly projects: readonly string[]
  /** Only these files of its projects. */
  readonly files?: readonly string[]
  /** These files of its projects are another lane's. */
  readonly excluded?: readonly string[]
  /** Files run at once (vitest's default on two cores is one). */
  readonly workers?: number
}

/**
 * Browser files the browser tail runs (docs/decisions/098-browser-tail.md): long journeys that
 * need nothing of the others. In the run of 2026-11-30 11:21 the tail (language-sweep, paypal,
 * social-login) ended 71 s before the browser lane: stripe (38 s there) moved to it, and amounts
 * (141 s) with the node side's two files at a time, which ends that side earlier; at 12:09 the
 * tail still ended 101 s before the browser lane: form-providers (62 s there) moved too.
 */
export const BROWSER_TAIL_FILES = [
  'tests/journeys/language-sweep.test.ts',
  'tests/journeys/paypal.test.ts',
  'tests/journeys/social-login.test.ts',
  'tests/journeys/stripe.test.ts',
  'tests/journeys/amounts.test.ts',
  'tests/journeys/form-providers.test.ts',
] as const

export const LANES: readonly Lane[] = [
  { name: 'browser', projects: ['e2e', 'journeys'], excluded: BROWSER_TAIL_FILES },
  // two files at a time: alone, one file at a time used about half of the two cores
  { name: 'node', projects: ['unit', 'integration', 'api'], workers: 2 },
]

/**
 * The browser tail: once the node lane (and the PostgreSQL pass after it) are done, the
 * browser lane alone used about 0.8 of the 2 cores (decision 096's profile: 258 CPU s in 315 s),
 * so a second browser lane with its own product takes some of its files from then on. Started
 * from the beginning instead, two browser lanes and the node lane ran each other down (decision
 * 096).
 */
export const BROWSER_TAIL: Lane = {
  name: 'browser-tail',
  projects: ['journeys'],
  files: BROWSER_TAIL_FILES,
}

/**
 * The API files a second time on a real PostgreSQL server (.ci/run's cluster), when
 * TEST_POSTGRES_URL names one: after the node lane, in its place, since that lane ends long before
 * the browser lane (stop 37: 1,667 s against 2,879 s); run after npm test it added 944 s.
 */
export const POSTGRES_PASS = {
  name: 'postgres',
  projects: ['api'],
  after: 'node',
  workers: 2,
} as const

/**
 * The lanes of a run. Given a PostgreSQL server, the API files run on it only, not first on PGlite
 * as well: the PostgreSQL pass holds every test of the PGlite one (no API test is PGlite-only;
 * some are PostgreSQL-only), and the second run of the same 1,800 tests cost CI's node lane
 * most of its time. Without one (a developer's `npm test`) they run on PGlite in the node lane.
 */
export function lanesFor(env: NodeJS.ProcessEnv): readonly Lane[] {
  if (!postgresPassEnv(env)) return LANES
  return LANES.map((lane) =>
    lane.name === POSTGRES_PASS.after
      ? {
          ...lane,
          projects: lane.projects.filter(
            (project) => !(POSTGRES_PASS.projects as readonly string[]).includes(project),
          ),
        }
      : lane,
  )
}

/** The environment of the PostgreSQL pass: the API tests read TEST_DATABASE_URL. */
export function postgresPassEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv | undefined {
  const url = env.TEST_POSTGRES_URL
  return url ? { ...env, TEST_DATABASE_URL: url } : undefined
}

/** The vitest arguments of a lane: its projects and files, then whatever npm test was given. */
export function laneArgs(lane: Lane, extra: readonly string[]): string[] {
  return [
    'run',
    ...lane.projects.flatMap((project) => ['--project', project]),
    ...(lane.files ?? []),
    ...(lane.excluded ?? []).flatMap((file) => ['--exclude', file]),
    ...(lane.workers ? [`--maxWorkers=${lane.workers}`] : []),
    ...extra,
  ]
}

/** Every line of a lane's output starts with its name, so two lanes' lines can be told apart. */
export function tagLines(
  name: string,
  see: (line: string) => void = () => {},
): (chunk: string) => string {
  let partial = ''
  return (chunk) => {
    const lines = (partial + chunk).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) see(line)
    return lines.map((line) => `${name} | ${line}\n`).join('')
  }
}

export interface LaneResult {
  readonly name: string
  readonly code: number | null
  readonly seconds: number
  /** What failed, as failures.ts kept it from the lane's output */
  readonly failures?: readonly string[]
}

/**
 * The closing lines: each lane's outcome and time, under a failed lane what failed in it; the
 * exit code is 0 only if both passed.
 */
export function verdict(results: readonly LaneResult[]): { lines: string[]; code: number } {
  const lines = results.flatMap((r) => [
    `${r.name}: ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code ?? 'signal'})`} in ${Math.round(r.seconds)} s`,
    ...(r.code === 0 ? [] : (r.failures ?? []).map((line) => `  ${line}`)),
  ])
  return { lines, code: results.every((r) => r.code === 0) ? 0 : 1 }
}
