import type { PublishEvent } from '#contract/publish-event'

/**
 * Rebuilds one tenant; rejects (or resolves false) when the build failed. `events`: what changed
 * (the publishes this build answers), so it may rebuild only their pages; undefined: unknown (a
 * rebuild after a restart), everything is rebuilt.
 */
export type TenantBuilder = (host: string, events?: readonly PublishEvent[]) => Promise<boolean>

export interface RebuildDone {
  readonly host: string
  readonly ok: boolean
  /** When the first of the publishes this build answers arrived (ms, performance.now()). */
  readonly queuedAt: number
  /** Queued to published: the publish-to-live time of the serve process. */
  readonly ms: number
  readonly error?: string
}

export interface RebuildQueue {
  /**
   * 'coalesced' when the tenant was already waiting: one build will serve both publishes. Without
   * an event the build is a whole one.
   */
  enqueue(host: string, event?: PublishEvent): 'queued' | 'coalesced'
  /** Resolves once nothing runs and nothing waits. */
  idle(): Promise<void>
  /** Takes no more work and waits for the build in progress. */
  stop(): Promise<void>
  readonly running: string | undefined
  readonly waiting: readonly string[]
}

/**
 * One build at a time (builds are memory-heavy, and two writing dist/sites at once would race),
 * in arrival order. Publishes of a tenant that is already waiting coalesce into its one build.
 * A publish for the tenant being built queues it again: the build may have pulled the data
 * before that change.
 */
export function createRebuildQueue(
  builder: TenantBuilder,
  onDone: (done: RebuildDone) => void = () => undefined,
): RebuildQueue {
  /** When the first publish arrived, and the events of all (undefined once one is unknown). */
  const waiting = new Map<string, { queuedAt: number; events: PublishEvent[] | undefined }>()
  /**
   * Tenants whose last build failed: its pull may have written the new snapshot already, which a
   * build of some pages would then take for the site as published. Their next build is whole.
   */
  const failed = new Set<string>()
  let running: string | undefined
  let current: Promise<void> = Promise.resolve()
  let stopped = false
  let idleWaiters: Array<() => void> = []

  const settleIdle = () => {
    if (running !== undefined || waiting.size > 0) return
    for (const resolve of idleWaiters) resolve()
    idleWaiters = []
  }

  const next = () => {
    if (running !== undefined || stopped) return settleIdle()
    const first = waiting.entries().next()
    if (first.done) return settleIdle()
    const [host, { queuedAt, events }] = first.value
    waiting.delete(host)
    running = host
    current = builder(host, failed.has(host) ? undefined : events)
      .then(
        (ok) => ({ ok, error: ok ? undefined : 'build failed' }),
        (error: unknown) => ({ ok: false, error: String(error) }),
      )
      .then(({ ok, error }) => {
        if (ok) failed.delete(host)
        else failed.add(host)
        const ms = performance.now() - queuedAt
        onDone({ host, ok, queuedAt, ms, ...(error === undefined ? {} : { error }) })
      })
      .finally(() => {
        running = undefined
        next()
      })
  }

  return {
    enqueue(host, event) {
      const entry = waiting.get(host)
      if (entry) {
        entry.events = event && entry.events ? [...entry.events, event] : undefined
        return 'coalesced'
      }
      waiting.set(host, { queuedAt: performance.now(), events: event ? [event] : undefined })
      queueMicrotask(next)
      return 'queued'
    },
    idle() {
      if (running === undefined && waiting.size === 0) return Promise.resolve()
      return new Promise((resolve) => idleWaiters.push(resolve))
    },
    async stop() {
      stopped = true
      waiting.clear()
      await current
      settleIdle()
    },
    get running() {
      return running
    },
    get waiting() {
      return [...waiting.keys()]
    },
  }
}
