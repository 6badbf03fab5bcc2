import { existsSync, readdirSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Batch output folders are named `<pid>-<run>-<n>`; a run that was killed (Ctrl-C during a build)
 * leaves its folder behind. Those of processes that no longer exist are removed; a concurrent
 * run's folders are left alone.
 */
export async function removeStaleBatches(workDir: string): Promise<void> {
  if (!existsSync(workDir)) return
  for (const name of readdirSync(workDir)) {
    const pid = Number(name.split('-')[0])
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !isAlive(pid)) {
      await rm(join(workDir, name), { recursive: true, force: true })
    }
  }
}
