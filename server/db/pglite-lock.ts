import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'

/**
 * PGlite is a single-process database: a second process opening the same directory (the API
 * and `npm run seed`, two APIs) would corrupt it. A lock file beside the directory names its
 * owner; a live owner refuses the newcomer with a clear message, a dead one is taken over without
 * anyone deleting a file (docs/decisions/015-crash-safety.md).
 *
 * "Dead" is decided on the process identity, not the pid alone: after a kill -9 and a restart
 * (a container restarting its processes in the same order), the recorded pid is often alive
 * again but belongs to another process. On Linux the lock also records the owner's start time
 * (from /proc) and the boot id; a pid whose start time differs is not the owner.
 */

interface Owner {
  readonly pid: number
  /** `<boot id>:<start time in clock ticks>`; undefined in a lock from elsewhere or older code. */
  readonly identity: string | undefined
}

/** The start identity of a running process, or undefined where /proc is not there. */
export function processIdentity(pid: number): string | undefined {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Field 22 (starttime); the command name (field 2) may hold spaces, so count after its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const start = fields[19]
    return start === undefined ? undefined : `${boot}:${start}`
  } catch {
    return undefined
  }
}

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export function parseOwner(text: string): Owner {
  const [pid = '', identity] = text.trim().split('\n')
  return { pid: Number(pid), identity: identity?.trim() || undefined }
}

/** The owner still runs: its pid is alive and, where both are known, it is the same process. */
export function ownerAlive(owner: Owner): boolean {
  if (!pidAlive(owner.pid)) return false
  if (owner.identity === undefined) return true
  const current = processIdentity(owner.pid)
  return current === undefined || current === owner.identity
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

export class DirectoryInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `PGlite data directory ${dir} is in use by process ${pid}: stop it first, or use DATABASE_URL`,
    )
  }
}

/** Blocks this thread for `ms`: lockDirectory runs once at start, before anything is served. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/**
 * Takes the lock of `dir` (the file `<dir>.lock`) and returns its release. A stale lock is never
 * removed, so there is no moment without a lock file for a third process to slip into: it is
 * replaced by an atomic rename of a fresh lock over it, and only by the newcomer holding the
 * takeover file `<dir>.lock.takeover` (created with O_EXCL, naming its holder), after checking
 * the lock is still the stale one it read. The others wait for the takeover to end and then
 * meet a live owner. A takeover file whose holder died is removed.
 */
export function lockDirectory(dir: string): () => void {
  const path = `${dir.replace(/\/+$/, '')}.lock`
  const takeover = `${path}.takeover`
  const mine = `${process.pid}\n${processIdentity(process.pid) ?? ''}\n`
  const release = () => {
    // Only our own lock is removed: never one another process took over meanwhile.
    if (readText(path) === mine) rmSync(path, { force: true })
  }
  // a takeover takes microseconds; the others wait up to about five seconds for it
  for (let attempt = 0; attempt < 500; attempt++) {
    if (createExclusive(path, mine)) return release
    const text = readText(path)
    if (text === undefined) continue
    const owner = parseOwner(text)
    // Our own pid: an earlier open in this process that was not closed, or a lock left by an
    // earlier process with our pid (its identity then differs); neither is another live owner.
    if (owner.pid !== process.pid && ownerAlive(owner)) {
      throw new DirectoryInUseError(dir, owner.pid)
    }
    if (!holdTakeover(takeover, mine)) continue
    try {
      // still the stale lock we read: replace it in one step
      if (readText(path) !== text) continue
      const fresh = `${path}.${process.pid}.new`
      writeFileSync(fresh, mine)
      renameSync(fresh, path)
      return release
    } finally {
      if (readText(takeover) === mine) rmSync(takeover, { force: true })
    }
  }
  throw new Error(`PGlite data directory ${dir}: could not take its lock ${path}`)
}

/** Writes `text` to a new file `path` (O_EXCL): false when the file exists. */
function createExclusive(path: string, text: string): boolean {
  try {
    writeFileSync(path, text, { flag: 'wx' })
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

/**
 * Creates the takeover file; false (after a short wait) while a live newcomer holds it. A dead
 * holder's file is removed; two newcomers meeting one at the same instant could both go on, but
 * that needs a process to die within the microseconds of a takeover first.
 */
function holdTakeover(takeover: string, mine: string): boolean {
  if (createExclusive(takeover, mine)) return true
  const holder = readText(takeover)
  if (holder !== undefined && ownerAlive(parseOwner(holder))) pause(10)
  else if (holder !== undefined) rmSync(takeover, { force: true })
  return false
}
