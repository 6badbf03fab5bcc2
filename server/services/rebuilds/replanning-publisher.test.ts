import { describe, expect, it } from 'vitest'
import type { Db } from '#server/db/client.ts'
import type { Publisher } from '#server/services/webhooks/index.ts'
import { replanningPublisher } from './replanning-publisher.ts'

/**
 * Writes plan their company's rebuilds again once committed
 * (docs/decisions/059-rebuilds-at-content-boundaries.md), including when another request's
 * wake-up comes between a write's record and its commit.
 */
function fakes() {
  const notified: number[] = []
  const inner: Publisher = {
    record: async () => undefined,
    notify: () => notified.push(1),
    start: () => undefined,
    stop: async () => undefined,
    deliverDue: async () => 0,
  }
  return { inner, notified }
}
const event = (companyId: number) => ({
  companyId,
  host: `c${companyId}.localhost`,
  kind: 'posts' as const,
  id: 'p',
  action: 'update' as const,
  languages: 'all' as const,
})
const db = {} as Db
const settle = () => new Promise((resolve) => setTimeout(resolve, 10))

describe('the replanning publisher', () => {
  it('plans a recorded company at every wake-up within 30 s, then no more', async () => {
    const { inner, notified } = fakes()
    const planned: number[] = []
    let now = 0
    const publisher = replanningPublisher(
      inner,
      async (id) => void planned.push(id),
      () => undefined,
      () => now,
    )
    await publisher.record(db, event(1))
    // another request wakes the publisher before company 1's transaction commits
    publisher.notify()
    await settle()
    // company 1's own wake-up after its commit plans it again, reading the committed content
    now = 20_000
    publisher.notify()
    await settle()
    expect(planned).toEqual([1, 1])
    now = 40_000
    publisher.notify()
    await settle()
    expect(planned).toEqual([1, 1])
    expect(notified).toHaveLength(3)
  })

  it('one pass at a time: a burst of wake-ups during a pass is one more pass', async () => {
    const { inner } = fakes()
    const planned: number[] = []
    let release: () => void = () => undefined
    const replan = (id: number) =>
      new Promise<void>((resolve) => {
        planned.push(id)
        release = resolve
      })
    const publisher = replanningPublisher(
      inner,
      replan,
      () => undefined,
      () => 0,
    )
    await publisher.record(db, event(1))
    await publisher.record(db, event(2))
    publisher.notify()
    for (let i = 0; i < 10; i += 1) publisher.notify()
    for (let i = 0; i < 4; i += 1) {
      release()
      await settle()
    }
    expect(planned).toEqual([1, 2, 1, 2])
  })

  it('a failed plan is logged and the others still run', async () => {
    const { inner } = fakes()
    const lines: string[] = []
    const planned: number[] = []
    const replan = async (id: number) => {
      if (id === 1) throw new Error('down')
      planned.push(id)
    }
    const publisher = replanningPublisher(
      inner,
      replan,
      (line) => lines.push(line),
      () => 0,
    )
    await publisher.record(db, event(1))
    await publisher.record(db, event(2))
    publisher.notify()
    await settle()
    expect(planned).toEqual([2])
    expect(lines).toEqual(['rebuild plan 1: Error: down'])
  })
})
