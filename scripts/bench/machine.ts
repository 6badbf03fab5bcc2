import { availableParallelism, cpus, loadavg, totalmem } from 'node:os'

export interface Machine {
  readonly nproc: number
  readonly memoryGb: number
  readonly cpu: string
  readonly node: string
  readonly date: string
  /** 1-minute load average when the run ended: other work on the machine skews the numbers. */
  readonly load: number
}

export function describeMachine(now = new Date()): Machine {
  return {
    nproc: availableParallelism(),
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    node: process.version,
    date: now.toISOString().slice(0, 10),
    load: Math.round((loadavg()[0] ?? 0) * 10) / 10,
  }
}
