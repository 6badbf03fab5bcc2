import { loadConfig } from '#server/config.ts'
import { answerStats } from '#server/services/booking/index.ts'
import { startApi } from '#server/start.ts'

/**
 * The API under `npm run bench:availability` (availability.ts forks itself with
 * BENCH_API_CHILD set and runs this), in its own process so that its CPU time can be
 * read from /proc apart from the load loop's: production settings (no response check, no
 * request log), the database of DATABASE_URL or PGLITE_DIR, never seeded from tenants/. It adds
 * GET /bench/stats (the availability cache's hits and misses, the answers reused) and tells its parent its URL.
 */
export async function serveBenchApi(): Promise<void> {
  const config = loadConfig(process.env, {
    port: 0,
    validateResponses: false,
    log: () => undefined,
  })
  const api = await startApi(config, {
    seedFrom: false,
    extend: (app) =>
      app.get('/bench/stats', (c) =>
        c.json({ ...c.var.deps.availability.stats(), answers: answerStats() }),
      ),
  })
  process.send?.({ url: api.url })
  process.on('SIGTERM', () => {
    api.close().finally(() => process.exit(0))
  })
}
