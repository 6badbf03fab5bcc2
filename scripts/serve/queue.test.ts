import { describe, expect, it } from 'vitest'
import type { PublishEvent } from '#contract/publish-event'
import { createRebuildQueue, type RebuildDone } from './queue'

const event = (id: string): PublishEvent => ({
  host: 'a.localhost',
  kind: 'posts',
  id,
  action: 'update',
  languages: 'all',
  at: '2026-11-29T12:00:00.000Z',
})

/** A builder whose builds finish when the test says so, recording what ran and how many at once. */
function fakeBuilder() {
  const started: string[] = []
  const finishers: Array<(ok: boolean) => void> = []
  let active = 0
  let maxActive = 0
  const builder = (host: string) =>
    new Promise<boolean>((resolve) => {
      started.push(host)
      active++
      maxActive = Math.max(maxActive, active)
      finishers.push((ok) => {
        active--
        resolve(ok)
      })
    })
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0))
  return {
    builder,
    started,
    maxActive: () => maxActive,
    /** Finishes the build in progress and lets the queue start the next one. */
    async finish(ok = true) {
      finishers.shift()?.(ok)
      await tick()
    },
    tick,
  }
}

describe('rebuild queue', () => {
  it('runs one build at a time, in arrival order', async () => {
    const fake = fakeBuilder()
    const queue = createRebuildQueue(fake.builder)
    queue.enqueue('a.localhost')
    queue.enqueue('b.localhost')
    queue.enqueue('c.localhost')
    await fake.tick()
    expect(fake.started).toEqual(['a.localhost'])
    expect(queue.running).toBe('a.localhost')
    expect(queue.waiting).toEqual(['b.localhost', 'c.localhost'])
    await fake.finish()
    await fake.finish()
    await fake.finish()
    await queue.idle()
    expect(fake.started).toEqual(['a.localhost', 'b.localhost', 'c.localhost'])
    expect(fake.maxActive()).toBe(1)
  })

  it('coalesces repeated publishes of a waiting tenant into one build', async () => {
    const fake = fakeBuilder()
    const queue = createRebuildQueue(fake.builder)
    queue.enqueue('busy.localhost')
    await fake.tick()
    expect(queue.enqueue('a.localhost')).toBe('queued')
    expect(queue.enqueue('a.localhost')).toBe('coalesced')
    expect(queue.enqueue('a.localhost')).toBe('coalesced')
    await fake.finish()
    await fake.finish()
    await queue.idle()
    expect(fake.started).toEqual(['busy.localhost', 'a.localhost'])
  })

  it('hands a build the events of the publishes it answers; one unknown makes it whole', async () => {
    const seen: Array<readonly string[] | undefined> = []
    const queue = createRebuildQueue(async (_host, events) => {
      seen.push(events?.map((event) => event.id))
      return true
    })
    queue.enqueue('a.localhost', event('p1'))
    queue.enqueue('a.localhost', event('p2'))
    await queue.idle()
    queue.enqueue('a.localhost', event('p3'))
    queue.enqueue('a.localhost')
    queue.enqueue('a.localhost', event('p4'))
    await queue.idle()
    expect(seen).toEqual([['p1', 'p2'], undefined])
  })

  it('builds a tenant whole after its build failed, then by its events again', async () => {
    const seen: Array<readonly string[] | undefined> = []
    const results = [false, true, true]
    const queue = createRebuildQueue(async (_host, events) => {
      seen.push(events?.map((event) => event.id))
      return results.shift() ?? true
    })
    for (const id of ['p1', 'p2', 'p3']) {
      queue.enqueue('a.localhost', event(id))
      await queue.idle()
    }
    expect(seen).toEqual([['p1'], undefined, ['p3']])
  })

  it('builds again a tenant published while its build runs (the pull may predate the change)', async () => {
    const fake = fakeBuilder()
    const queue = createRebuildQueue(fake.builder)
    queue.enqueue('a.localhost')
    await fake.tick()
    expect(queue.enqueue('a.localhost')).toBe('queued')
    expect(queue.enqueue('a.localhost')).toBe('coalesced')
    await fake.finish()
    await fake.finish()
    await queue.idle()
    expect(fake.started).toEqual(['a.localhost', 'a.localhost'])
  })

  it('reports each build, failures included, and goes on after a failure or a throw', async () => {
    const done: RebuildDone[] = []
    let calls = 0
    const queue = createRebuildQueue(
      async (host) => {
        calls++
        if (host === 'throws.localhost') throw new Error('boom')
        return host !== 'fails.localhost'
      },
      (d) => done.push(d),
    )
    queue.enqueue('fails.localhost')
    queue.enqueue('throws.localhost')
    queue.enqueue('ok.localhost')
    await queue.idle()
    expect(calls).toBe(3)
    expect(done.map((d) => [d.host, d.ok])).toEqual([
      ['fails.localhost', false],
      ['throws.localhost', false],
      ['ok.localhost', true],
    ])
    expect(done[1]?.error).toContain('boom')
    expect(done.every((d) => d.ms >= 0)).toBe(true)
  })

  it('stop drops waiting builds and waits for the running one', async () => {
    const fake = fakeBuilder()
    const queue = createRebuildQueue(fake.builder)
    queue.enqueue('a.localhost')
    queue.enqueue('b.localhost')
    await fake.tick()
    const stopped = queue.stop()
    await fake.finish()
    await stopped
    expect(fake.started).toEqual(['a.localhost'])
  })
})
