import type { ApiApp } from '#server/http/types.ts'
import type { TestApi } from './harness.ts'

/**
 * A test route that relays the outbox now, as the minute's RELAY sweep would, for messages a
 * test queued outside any request (a payment activated by a helper): a request relays only what
 * its own transactions queued (docs/decisions/102-after-commit-marks.md). Pass it as `extend`.
 */
export function relayProbe(app: ApiApp): void {
  app.post('/api/test/relay', async (c) =>
    c.json({ relayed: await c.var.deps.notifier.relayQueued() }),
  )
}

/** Relays the outbox of `t`, started with `extend: relayProbe`. */
export async function relayNow(t: TestApi): Promise<void> {
  const { status } = await t.call('/api/test/relay', { method: 'POST' })
  if (status !== 200)
    throw new Error(`relay probe answered ${status}: start with extend: relayProbe`)
}
