import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * CPU seconds (user + system) from /proc, for the benchmarks: of one process, and of a
 * PostgreSQL cluster (its postmaster and every backend it forked). Linux only; undefined where
 * /proc cannot tell.
 */
const TICKS_PER_SECOND = 100

function statOf(pid: number): { ppid: number; ticks: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // the command name (2nd field) may hold spaces: fields are counted after its closing ')'
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }
  } catch {
    return undefined
  }
}

export function processCpuSeconds(pid: number | undefined): number | undefined {
  const stat = pid === undefined ? undefined : statOf(pid)
  return stat && stat.ticks / TICKS_PER_SECOND
}

/** The postmaster's pid is the first line of postmaster.pid in the data directory. */
export function postgresCpuSeconds(dataDir: string | undefined): number | undefined {
  if (dataDir === undefined) return undefined
  let postmaster: number
  try {
    postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return undefined
  }
  let ticks = statOf(postmaster)?.ticks ?? 0
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const stat = statOf(Number(name))
    if (stat?.ppid === postmaster) ticks += stat.ticks
  }
  return ticks / TICKS_PER_SECOND
}
