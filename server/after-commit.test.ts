import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications } from '#server/db/schema/index.ts'
import type { ApiApp } from '#server/http/types.ts'
import { queueMessage } from '#server/services/notifier/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

// What a request queued is relayed after its commit because that request marked it
// (docs/decisions/102-after-commit-marks.md), whatever other requests relayed meanwhile. The
// race needs a second connection (a relay reading while the request's transaction is open):
// PGlite has one, so this runs on PostgreSQL (the test run's PostgreSQL pass).
const gate = { opened: () => {}, release: () => {} }

function probes(app: ApiApp): void {
  // queues a mail and keeps its transaction open until the test releases it
  app.post('/api/test/queue-held', async (c) => {
    const released = new Promise<void>((resolve) => {
      gate.release = resolve
    })
    await c.var.deps.db.transaction(async (tx) => {
      await queueMessage(tx, { channel: 'email', to: 'held@example.com', body: 'held' })
      gate.opened()
      await released
    })
    return c.json({ queued: true })
  })
}

let t: TestApi
beforeAll(async () => {
  t = await startTestApi({ seedFrom: false, extend: probes })
})
afterAll(() => t?.close())

const transportOf = async (recipient: string) => {
  const [row] = await t.db
    .select({ transport: notifications.transport })
    .from(notifications)
    .where(eq(notifications.recipient, recipient))
  return row?.transport
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('after-commit marks on PostgreSQL', () => {
  it("a request's mail is relayed after its commit though other requests relayed the process's rows", async () => {
    const opened = new Promise<void>((resolve) => {
      gate.opened = resolve
    })
    const held = t.call('/api/test/queue-held', { json: {} })
    await opened
    // another instance's message, committed while the held request is open
    await t.db.insert(notifications).values({
      channel: 'email',
      recipient: 'elsewhere@example.com',
      body: 'x',
      transport: 'queued',
    })
    // requests of this process that queued nothing, answered meanwhile
    for (let i = 0; i < 3; i += 1) expect((await t.call('/api/health')).status).toBe(200)
    gate.release()
    expect((await held).status).toBe(200)
    // relayed within seconds, not at the minute's sweep
    await expect.poll(() => transportOf('held@example.com'), { timeout: 10_000 }).not.toBe('queued')
  })
})
