import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import { webhookDeliveries } from '#server/db/schema/index.ts'
import { createNotifier } from '#server/services/notifier/index.ts'
import { createPublisher } from '#server/services/webhooks/index.ts'
import { type RunningApi, startApi } from '#server/start.ts'
import { companyIdOf, insertContent, providerBearer } from '#server/test/content.ts'
import { fixturesDir, freshDatabase } from '#server/test/harness.ts'
import { until } from '#server/test/instances.ts'
import { startJobs } from './jobs.ts'

/**
 * Rebuilds at content boundaries through the real API and its job queue
 * (docs/decisions/059-rebuilds-at-content-boundaries.md): a featured post's start and end, an
 * offer's end, each becomes one scheduled publish of that tenant in the webhook outbox, which
 * the relay delivers as any write's. The queue runs on the database's clock, so the windows
 * are a few seconds ahead of now; the bucket is one second and there is no spread.
 */
const SECOND = 1000
const jobs = {
  pollSeconds: 0.5,
  expireSeconds: 10,
  maintenanceSeconds: 1,
  retrySeconds: 0,
  rebuildSpacing: { bucketMs: SECOND, spreadMs: 0 },
}
const iso = (ms: number) => new Date(ms).toISOString()
/** The fire of a flip with a one-second bucket and no spread (server/services/rebuilds/rules.ts). */
const fireOf = (flip: number) => iso(Math.ceil(flip / SECOND) * SECOND)

let dir = ''
let drop: () => Promise<void> = async () => undefined
let url: string | undefined
let api: RunningApi | undefined
const logs: string[] = []

async function start(): Promise<RunningApi> {
  const config = loadConfig(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      databaseUrl: url,
      pgliteDir: dir,
      log: (line) => logs.push(line),
      publishWebhookUrls: ['http://127.0.0.1:9/unused'],
      jobs,
    },
  )
  return startApi(config, { seedFrom: fixturesDir, webhooks: { pollMs: 200, maxDelayMs: 60_000 } })
}

/** The scheduled publishes recorded for a host, as `entityId`s (each fire's instant). */
async function scheduled(db: Db, host: string): Promise<string[]> {
  const rows = await db
    .select({ entityId: webhookDeliveries.entityId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.kind, 'schedule'), eq(webhookDeliveries.host, host)))
  return rows.map((row) => row.entityId).sort()
}

/** The queued rebuild jobs of alpha for one fire (their singleton key names company and fire). */
async function queuedJobs(db: Db, fire: string): Promise<number> {
  const key = `${await companyIdOf(db, 'alpha.localhost')}:${fire}`
  const result = await db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'rebuild-tenant' and singleton_key = ${key}`,
  )
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0
}

async function call(path: string, init: { method?: string; bearer: string; json: unknown }) {
  const running = api
  if (!running) throw new Error('no API')
  const response = await fetch(`${running.url}${path}`, {
    method: init.method ?? 'POST',
    headers: {
      company: 'alpha-token',
      authorization: `Bearer ${init.bearer}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(init.json),
  })
  return { status: response.status, body: (await response.json()) as { id?: string } }
}

beforeAll(async () => {
  const fresh = await freshDatabase()
  url = fresh.url
  drop = fresh.drop
  dir = await mkdtemp(join(tmpdir(), 'rebuilds-'))
  api = await start()
}, 120_000)
afterAll(async () => {
  await api?.close()
  await drop()
  await rm(dir, { recursive: true, force: true })
})

const db = () => {
  if (!api) throw new Error('no API')
  return api.database.db
}

describe('rebuilds at content boundaries', () => {
  it("a featured post's start and end each publish its tenant once; a moved window's old start publishes nothing", async () => {
    const bearer = await providerBearer(db(), 'alpha.localhost')
    const now = Date.now()
    const window = { start: iso(now + 9 * SECOND), end: iso(now + 12 * SECOND) }
    const post = {
      slug: 'a-la-une',
      title: { fr: 'À la une' },
      published: true,
      vedette: { active: true, ...window },
    }
    const created = await call('/api/posts', { bearer, json: post })
    expect(created.status).toBe(200)
    // a second post whose window is moved before its start: the first plan goes stale
    const moved = await call('/api/posts', {
      bearer,
      json: { ...post, slug: 'deplace', vedette: { active: true, start: iso(now + 6 * SECOND) } },
    })
    // its start is the tenant's next fire: queued before the window moves
    await until(async () => (await queuedJobs(db(), fireOf(now + 6 * SECOND))) === 1, 5_000)
    const later = now + 15 * SECOND
    const update = { ...post, slug: 'deplace', vedette: { active: true, start: iso(later) } }
    expect(
      (await call(`/api/posts/${moved.body.id}`, { method: 'PUT', bearer, json: update })).status,
    ).toBe(200)
    // moved before its old start (else this machine is too slow for the check)
    expect(Date.now()).toBeLessThan(now + 6 * SECOND)

    const expected = [fireOf(now + 9 * SECOND), fireOf(now + 12 * SECOND + 1), fireOf(later)].sort()
    await until(async () => {
      const found = await scheduled(db(), 'alpha.localhost')
      return expected.every((fire) => found.includes(fire))
    }, 30_000)
    // one more poll: nothing else arrives (the stale start, a double)
    await new Promise((resolve) => setTimeout(resolve, 2 * SECOND))
    expect(await scheduled(db(), 'alpha.localhost')).toEqual(expected)
    expect(logs.some((line) => line.includes(`at ${fireOf(now + 6 * SECOND)}: stale`))).toBe(true)
    // the other tenant has nothing due: no rebuild of it
    expect(await scheduled(db(), 'beta.localhost')).toEqual([])
  }, 60_000)

  it("an offer's end in the home pop-up rebuilds the tenant", async () => {
    const bearer = await providerBearer(db(), 'alpha.localhost')
    const end = Date.now() + 3 * SECOND
    await insertContent(db(), 'alpha.localhost', 'coupons', [
      {
        id: 'c-ends',
        reductionType: 'percentage',
        amount: 10,
        word: 'SOLDES',
        start: iso(end - 86_400_000),
        end: iso(end),
      },
    ])
    // the pop-up switched on: a write, which plans the tenant again with its offers
    const settings = {
      nickname: 'alpha',
      identity: { displayName: 'Alpha Spa' },
      booker: { couponsPopupHome: true, couponsPopupText: { fr: 'Promo' } },
    }
    expect(
      (await call('/api/companies/alpha-token', { method: 'PUT', bearer, json: settings })).status,
    ).toBe(200)
    await until(
      async () => (await scheduled(db(), 'alpha.localhost')).includes(fireOf(end)),
      20_000,
    )
  }, 30_000)

  it('a planned rebuild survives a restart of the API, and a second instance does not double it', async () => {
    const bearer = await providerBearer(db(), 'alpha.localhost')
    const begins = Date.now() + 20 * SECOND
    const post = {
      slug: 'apres-redemarrage',
      title: { fr: 'Plus tard' },
      published: true,
      vedette: { active: true, start: iso(begins) },
    }
    expect((await call('/api/posts', { bearer, json: post })).status).toBe(200)
    const count = () => queuedJobs(db(), fireOf(begins))
    await until(async () => (await count()) === 1, 5_000)
    const job = sql`select id::text, created_on::text from pgboss.job where name = 'rebuild-tenant' and start_after > now()`
    const rowsOf = async () => ((await db().execute(job)) as unknown as { rows: unknown[] }).rows
    const before = await rowsOf()
    await api?.close()
    api = undefined
    expect(Date.now()).toBeLessThan(begins)
    api = await start()
    // the very job rows written before the restart, not plans made again after it
    expect(await rowsOf()).toEqual(expect.arrayContaining(before))

    // a second instance on the same database: its own queue workers, planning the same tenants
    const second = await startJobs(api.database, url, jobs, (line) => logs.push(line))
    const publisher = createPublisher({
      db: db(),
      urls: ['http://127.0.0.1:9/unused'],
      secret: 's',
      log: () => undefined,
    })
    try {
      await second.work(
        createNotifier({ db: db(), log: () => undefined, queue: second.outbox }),
        undefined,
        publisher,
      )
      const companyId = await companyIdOf(db(), 'alpha.localhost')
      await Promise.all([second.rebuilds.replan(companyId), second.rebuilds.replan(companyId)])
      expect(await count()).toBe(1)
      await until(
        async () => (await scheduled(db(), 'alpha.localhost')).includes(fireOf(begins)),
        40_000,
      )
      await new Promise((resolve) => setTimeout(resolve, 2 * SECOND))
      const fires = (await scheduled(db(), 'alpha.localhost')).filter((id) => id === fireOf(begins))
      expect(fires).toHaveLength(1)
    } finally {
      await second.stop()
    }
  }, 120_000)
})
