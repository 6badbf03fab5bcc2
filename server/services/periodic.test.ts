import { describe, expect, it } from 'vitest'
import { startPeriodic } from './periodic'

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('startPeriodic (the sweepers’ loop)', () => {
  it('runs the task each tick, logs a failed run and keeps going', async () => {
    const lines: string[] = []
    let runs = 0
    const loop = startPeriodic(
      'test sweeper',
      async () => {
        runs++
        if (runs === 1) throw new Error('boom')
      },
      { intervalMs: 10, log: (line) => lines.push(line) },
    )
    await wait(80)
    await loop.stop()
    expect(runs).toBeGreaterThanOrEqual(2)
    expect(lines).toContain('test sweeper: boom')
  })

  it('stop() waits for the run in progress and no run starts after it', async () => {
    let finished = false
    let runs = 0
    const loop = startPeriodic(
      'slow',
      async () => {
        runs++
        await wait(40)
        finished = true
      },
      { intervalMs: 5 },
    )
    await wait(15)
    await loop.stop()
    expect(finished).toBe(true)
    const after = runs
    await wait(30)
    expect(runs).toBe(after)
  })
})
