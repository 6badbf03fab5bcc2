import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process'

/**
 * Every child process a script starts, so a signal to the parent stops them all: a terminal's
 * Ctrl-C reaches the whole process group, but a `kill PID` (SIGTERM) reaches the parent only,
 * and children left behind would keep ports and the PGlite lock.
 */
const running = new Set<ChildProcess>()
/** Set once stopping began: a build that goes on (e.g. splitting a batch) must not start more. */
let stopping = false

/** Whether stopChildren was called: no process may be started any more. */
export const isStopping = (): boolean => stopping

export function spawnTracked(command: string, args: string[], options: SpawnOptions): ChildProcess {
  if (stopping) throw new Error('stopping: no new process is started')
  const child = spawn(command, args, options)
  running.add(child)
  child.once('exit', () => running.delete(child))
  child.once('error', () => running.delete(child))
  return child
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve(child.exitCode)
  }
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code))
    child.once('error', () => resolve(null))
  })
}

/** SIGTERM to every tracked child, SIGKILL to those still alive after `graceMs`. */
export async function stopChildren(graceMs = 5_000): Promise<void> {
  stopping = true
  const children = [...running]
  for (const child of children) child.kill('SIGTERM')
  const timer = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  }, graceMs)
  await Promise.all(children.map(exitOf))
  clearTimeout(timer)
}

/**
 * Stops the children, then exits, on SIGINT or SIGTERM; `cleanup` runs in between (closing a
 * server, the API). A terminal's Ctrl-C reaches this process twice (directly, as part of the
 * process group, and relayed by the tsx or npm parent), so a repeat within a second is the same
 * request; a later one means "now" and exits at once.
 */
export function stopOnSignals(cleanup: () => Promise<void> = async () => undefined): void {
  let firstAt: number | undefined
  const stop = (signal: NodeJS.Signals) => {
    if (firstAt !== undefined) {
      if (Date.now() - firstAt > 1_000) process.exit(130)
      return
    }
    firstAt = Date.now()
    console.log(`\n${signal} received: stopping`)
    Promise.all([stopChildren(), cleanup()]).then(
      () => process.exit(signal === 'SIGINT' ? 130 : 143),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
