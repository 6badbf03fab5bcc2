import { mkdir, open, readFile, rm } from 'node:fs/promises'
import { dirname } from 'node:path'

export interface OneBuilderOptions {
  /** How often a waiting process looks again. */
  readonly pollMs?: number
  /** A waiting process gives up and builds itself after this long. */
  readonly patienceMs?: number
}

/**
 * One process builds, the others wait for its result: the products a test run starts at the same
 * moment each need the same studio tree, and a build costs more CPU than waiting for another's.
 * The lock is a file holding the builder's pid, created exclusively; a lock whose process is gone
 * (killed mid-build) is taken over. Answers whether this process built (false: `ready` came true
 * while it waited, and the caller reads the result).
 */
export async function oneBuilder(
  lock: string,
  ready: () => Promise<boolean>,
  build: () => Promise<void>,
  { pollMs = 200, patienceMs = 300_000 }: OneBuilderOptions = {},
): Promise<boolean> {
  await mkdir(dirname(lock), { recursive: true })
  const giveUp = Date.now() + patienceMs
  for (;;) {
    if (await ready()) return false
    const held = await take(lock)
    if (held) {
      try {
        await build()
      } finally {
        await rm(lock, { force: true })
      }
      return true
    }
    if (Date.now() > giveUp) {
      await build()
      return true
    }
    if (!alive(await holder(lock))) await rm(lock, { force: true })
    else await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}

async function take(lock: string): Promise<boolean> {
  try {
    const file = await open(lock, 'wx')
    await file.writeFile(String(process.pid))
    await file.close()
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

async function holder(lock: string): Promise<number | undefined> {
  const text = await readFile(lock, 'utf8').catch(() => '')
  // a lock just created, its pid not written yet: counted as alive
  return text === '' ? process.pid : Number(text)
}

function alive(pid: number | undefined): boolean {
  if (pid === undefined || !Number.isInteger(pid)) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists, under another user
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
