/**
 * `npm test`'s vitest projects in two lanes run at the same time (docs/decisions/068): the
 * browser projects run their files one at a time, and vitest runs such a group only after every
 * parallel file of the same process, so in one process the journeys' serial half hour came after
 * the API files. In a process of their own they start at once, beside the parallel projects.
 */
export interface Lane {
  readonly name: string
  readonly projects: readonly string[]
}

export const LANES: readonly Lane[] = [
  { name: 'browser', projects: ['e2e', 'journeys'] },
  { name: 'node', projects: ['unit', 'integration', 'api'] },
]

/** The vitest arguments of a lane: its projects, then whatever npm test was given. */
export function laneArgs(lane: Lane, extra: readonly string[]): string[] {
  return ['run', ...lane.projects.flatMap((project) => ['--project', project]), ...extra]
}

/** Every line of a lane's output starts with its name, so two lanes' lines can be told apart. */
export function tagLines(name: string): (chunk: string) => string {
  let partial = ''
  return (chunk) => {
    const lines = (partial + chunk).split('\n')
    partial = lines.pop() ?? ''
    return lines.map((line) => `${name} | ${line}\n`).join('')
  }
}

export interface LaneResult {
  readonly name: string
  readonly code: number | null
  readonly seconds: number
}

/** The closing lines: each lane's outcome and time; the exit code is 0 only if both passed. */
export function verdict(results: readonly LaneResult[]): { lines: string[]; code: number } {
  const lines = results.map(
    (r) =>
      `${r.name}: ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code ?? 'signal'})`} in ${Math.round(r.seconds)} s`,
  )
  return { lines, code: results.every((r) => r.code === 0) ? 0 : 1 }
}
