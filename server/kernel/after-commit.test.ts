import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { inJobRun, markAfterCommit, settleAfterCommit, withinUnit } from './after-commit.ts'

describe('after-commit marks', () => {
  it('belong to the unit of work that made them, also when units interleave', async () => {
    const order: string[] = []
    const [a, b, c] = await Promise.all([
      withinUnit(async () => {
        await sleep(10)
        markAfterCommit('queued')
        order.push('a')
      }),
      withinUnit(async () => {
        await sleep(5)
        markAfterCommit('freed')
        order.push('b')
      }),
      withinUnit(async () => {
        await sleep(1)
        order.push('c')
      }),
    ])
    expect(order).toEqual(['c', 'b', 'a'])
    expect(a).toEqual({ queued: true, freed: false })
    expect(b).toEqual({ queued: false, freed: true })
    expect(c).toEqual({ queued: false, freed: false })
  })

  it('are settled also when the work failed after marking, and the work’s error is thrown', async () => {
    const seen: { queued: boolean; freed: boolean }[] = []
    const failing = withinUnit(
      async () => {
        markAfterCommit('freed')
        throw new Error('sweep failed')
      },
      async (marks) => {
        seen.push({ ...marks })
        throw new Error('relay failed too')
      },
    )
    await expect(failing).rejects.toThrow('sweep failed')
    expect(seen).toEqual([{ queued: false, freed: true }])
  })

  it('know a job’s run from a request, through awaits, and nothing outside any unit', async () => {
    const seen: boolean[] = []
    await withinUnit(async () => {
      await sleep(1)
      seen.push(inJobRun())
    })
    await withinUnit(
      async () => {
        await sleep(1)
        seen.push(inJobRun())
      },
      undefined,
      'job',
    )
    seen.push(inJobRun())
    expect(seen).toEqual([false, true, false])
  })

  it('reach the unit through nested awaits and callbacks (a transaction callback)', async () => {
    const transaction = async (work: () => Promise<void>) => {
      await sleep(1)
      await work()
    }
    const marks = await withinUnit(() => transaction(async () => markAfterCommit('queued')))
    expect(marks.queued).toBe(true)
  })

  it('settled by work that picked its rows up itself, and marked again by later work', async () => {
    const settled = await withinUnit(async () => {
      markAfterCommit('queued')
      settleAfterCommit('queued')
    })
    expect(settled.queued).toBe(false)
    const again = await withinUnit(async () => {
      markAfterCommit('queued')
      settleAfterCommit('queued')
      markAfterCommit('queued')
    })
    expect(again.queued).toBe(true)
  })

  it('made outside any unit go nowhere and do not leak into the next unit', async () => {
    markAfterCommit('queued')
    expect(await withinUnit(async () => undefined)).toEqual({ queued: false, freed: false })
  })
})
