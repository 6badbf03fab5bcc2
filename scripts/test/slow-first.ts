import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Files of a minute or more in the whole runs (each file's time in the run's log, 2026-12-01),
 * longest first. vitest runs the files it has no recorded time for largest first: on a clean
 * clone, as CI runs, publish-flow (705 bytes; 31 s alone, 94 s in a whole run) finished last of
 * the node lane's files, and crash-restart (about 200 s) was 98th of the 207 API files by size.
 * Started first, their waits overlap the short files.
 */
export const SLOW_FILES = [
  'scripts/start/start.test.ts',
  'server/crash-restart.test.ts',
  'server/conformance/fuzz.test.ts',
  'scripts/serve/crash-recovery.test.ts',
  'server/routes/users/sign-in-budget.test.ts',
  'scripts/serve/publish-flow.test.ts',
  'server/index.test.ts',
  'server/conformance/bad-input.test.ts',
  'server/cluster/sms-instances.test.ts',
  'scripts/start/platform.test.ts',
  'server/cluster/rebuild-jobs.test.ts',
  'server/services/visits/reminders.test.ts',
  'scripts/build-sites/later-jobs-site.test.ts',
  'server/cluster/instances.test.ts',
] as const

/**
 * `ordered` (vitest's own order: one project after another) with each project's slow files
 * moved to its front, in SLOW_FILES' order; everything else keeps its place.
 */
export function slowFirst<T>(
  ordered: readonly T[],
  project: (item: T) => string,
  path: (item: T) => string,
): T[] {
  const groups = new Map<string, number>()
  for (const item of ordered) if (!groups.has(project(item))) groups.set(project(item), groups.size)
  const rank = (item: T) => {
    const index = SLOW_FILES.findIndex((file) => path(item).endsWith(`/${file}`))
    return index < 0 ? SLOW_FILES.length : index
  }
  return ordered
    .map((item, index) => ({
      item,
      index,
      group: groups.get(project(item)) ?? 0,
      rank: rank(item),
    }))
    .sort((a, b) => a.group - b.group || a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item)
}

/** vitest's sequencer with the known slow files first (vitest.config.ts `sequence`). */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return slowFirst(
      await super.sort(files),
      (spec) => spec.project.name,
      (spec) => spec.moduleId,
    )
  }
}
