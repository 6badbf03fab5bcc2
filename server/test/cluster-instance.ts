import { loadConfig } from '#server/config.ts'
import type { ApiApp } from '#server/http/types.ts'
import { queueMessage } from '#server/services/notifier/index.ts'
import { startApi } from '#server/start.ts'
import { bookingFixtures, setClock } from './appointments.ts'

/**
 * One API instance as a process of its own, for the tests of several instances on one PostgreSQL
 * (server/cluster/instances.test.ts): the environment configures it as `npm run api` does,
 * TEST_NOW fixes the booking clock, and a probe call queues an e-mail (a job of the queue).
 * It prints the start line the test waits for, then every log line.
 */
function probes(app: ApiApp): void {
  app.post('/api/test/queue-mail', async (c) => {
    const { to, body } = (await c.req.json()) as { to: string; body: string }
    await c.var.deps.db.transaction((tx) => queueMessage(tx, { channel: 'email', to, body }))
    return c.json({ queued: true })
  })
}

setClock(process.env.TEST_NOW || undefined)
await startApi(loadConfig(), { seedFrom: bookingFixtures, extend: probes })
