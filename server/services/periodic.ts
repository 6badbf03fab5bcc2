export interface PeriodicOptions {
  /** default a minute */
  readonly intervalMs?: number
  readonly log?: (line: string) => void
}

export interface Periodic {
  stop(): Promise<void>
}

/**
 * Runs `task` every interval, one run at a time, until stopped; a failed run is logged under
 * `name` and retried at the next tick. The timer never keeps the process alive, and stop()
 * waits for the run in progress so the database can close after it.
 */
export function startPeriodic(
  name: string,
  task: () => Promise<unknown>,
  options: PeriodicOptions = {},
): Periodic {
  const log = options.log ?? console.log
  let running: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    running = running.then(() =>
      task().catch((error: unknown) =>
        log(`${name}: ${error instanceof Error ? error.message : String(error)}`),
      ),
    )
  }, options.intervalMs ?? 60_000)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
