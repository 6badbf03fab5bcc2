import type { Publisher } from '#server/services/webhooks/index.ts'

/** A write's company is planned again at every wake-up this long after it recorded its publish. */
const RECENT_MS = 30_000

/**
 * The publisher the routes use, which also plans again the rebuilds of every company whose
 * content changed (docs/decisions/059-rebuilds-at-content-boundaries.md). Every write that can
 * move a boundary records a publish in its transaction and wakes the publisher after the commit;
 * planning then reads the committed content. A wake-up names no company, and another request's
 * may come between a record and its commit, so each wake-up plans every company recorded in
 * the last RECENT_MS, one pass at a time. A lost plan (a crash in between) is caught by the
 * quarter-hourly sweep.
 */
export function replanningPublisher(
  inner: Publisher,
  replan: (companyId: number) => Promise<void>,
  log: (line: string) => void,
  now: () => number = Date.now,
): Publisher {
  const recent = new Map<number, number>()
  let running = false
  let again = false

  async function pass(): Promise<void> {
    do {
      again = false
      const since = now() - RECENT_MS
      for (const [companyId, at] of recent) {
        if (at < since) recent.delete(companyId)
        else
          await replan(companyId).catch((error: unknown) =>
            log(`rebuild plan ${companyId}: ${String(error)}`),
          )
      }
    } while (again)
    running = false
  }

  return {
    ...inner,
    async record(db, event) {
      recent.set(event.companyId, now())
      await inner.record(db, event)
    },
    notify() {
      inner.notify()
      if (recent.size === 0) return
      if (running) {
        again = true
        return
      }
      running = true
      void pass()
    },
  }
}
