import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * What a unit of work (a request, a job's run) wrote inside its transactions for somebody to
 * pick up once they committed: outbox messages to relay, freed slots to offer to the waitlist.
 * One record per unit, carried by the async context, so a unit relays exactly when it queued
 * something, whatever other requests of this process did meanwhile. A process-wide count, as
 * before, was decremented by every relay that found rows, including rows other requests or
 * instances queued, and could reach 0 before a request committed: its mail then waited for the
 * minute's sweep (docs/decisions/102-after-commit-marks.md).
 */
export interface AfterCommit {
  /** An outbox message was queued (queueMessage). */
  queued: boolean
  /** A freed slot somebody waits for was recorded (the waitlist's outbox). */
  freed: boolean
}

/** What started a unit: a request to the API, or a job's run (a sweep, a scheduled rebuild). */
export type UnitKind = 'request' | 'job'

const units = new AsyncLocalStorage<{ readonly marks: AfterCommit; readonly kind: UnitKind }>()

/**
 * Runs `work` as one unit of work and answers what it left for after its commit. `settle` is
 * given the marks once the work is over, also when it failed: what it committed before failing
 * (a sweep's first rows) is still picked up; the work's own error is the one thrown.
 */
export async function withinUnit(
  work: () => Promise<unknown>,
  settle: (marks: AfterCommit) => Promise<void> = async () => undefined,
  kind: UnitKind = 'request',
): Promise<AfterCommit> {
  const marks: AfterCommit = { queued: false, freed: false }
  try {
    await units.run({ marks, kind }, work)
  } catch (error) {
    await settle(marks).catch(() => undefined)
    throw error
  }
  await settle(marks)
  return marks
}

/**
 * Marks the current unit (inside its transaction). Outside any unit (a script, a test calling a
 * service directly) the mark has nowhere to go: the minute's sweeps pick the rows up.
 */
export function markAfterCommit(what: keyof AfterCommit): void {
  const unit = units.getStore()
  if (unit) unit.marks[what] = true
}

/**
 * Clears the current unit's mark, for work that picks its own rows up after its own commit (an
 * account's code relayed before the answer): its unit then does not look a second time.
 */
export function settleAfterCommit(what: keyof AfterCommit): void {
  const unit = units.getStore()
  if (unit) unit.marks[what] = false
}

/**
 * Whether the caller runs inside a job's run: the tests that count a request's statements leave
 * out what a sweep did meanwhile (server/test/statements.ts).
 */
export const inJobRun = (): boolean => units.getStore()?.kind === 'job'
