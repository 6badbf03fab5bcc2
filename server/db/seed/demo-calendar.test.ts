import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { startApi } from '#server/start.ts'
import { setClock } from '#server/test/appointments.ts'
import { fixturesDir, freshDatabase } from '#server/test/harness.ts'
import { defaultTenantsDir } from '../seed.ts'
import { rebaseToNow } from './demo-calendar.ts'
import { readTenant } from './read-tenant.ts'

/**
 * The demo's dates move to the week a product seeds them (docs/decisions/108-demo-calendar.md).
 * 2028-01-04 12:00 UTC is 57 weeks (399 days) and one year after the instant tenants/calendar.json
 * names, 2026-12-01 12:00 UTC.
 */
const LATER = '2028-01-04T12:00:00Z'
const BAINS = 'bains-du-lac.localhost'

afterEach(() => setClock(undefined))

const bains = () => readTenant(join(defaultTenantsDir, BAINS), BAINS)
const byId = (list: readonly Record<string, unknown>[], id: number) =>
  list.find((item) => item.id === id)

describe('the demo calendar at the seed', () => {
  it('moves a demo folder’s dates by whole weeks, its public holidays by whole years', () => {
    const moved = rebaseToNow(defaultTenantsDir, new Date(LATER))(bains())
    // a Friday stays a Friday; the end takes the summer offset of its new date
    expect(byId(moved.content.events, 501)).toMatchObject({
      start: '2027-12-10T00:00:00+01:00',
      end: '2028-04-01T23:59:00+02:00',
    })
    expect(byId(moved.content.closedDays, 801)).toMatchObject({ date: '2027-12-25' })
    expect(byId(moved.content.closedDays, 808)).toMatchObject({ date: '2028-02-07' })
    // texts do not move, dates inside other objects do
    const post = byId(moved.content.posts, 411)
    expect(post).toMatchObject({ publishedAt: '2027-11-08T09:00:00+01:00' })
    expect(post?.title).toEqual(byId(bains().content.posts, 411)?.title)
  })

  it('leaves a folder without calendar.json, and a seed without an instant, as written', () => {
    const fixture = readTenant(join(fixturesDir, 'alpha.localhost'), 'alpha.localhost')
    expect(rebaseToNow(fixturesDir, new Date(LATER))(fixture)).toEqual(fixture)
    expect(rebaseToNow(defaultTenantsDir, undefined)(bains())).toEqual(bains())
  })

  it('a product’s own start seeds the demo with the dates of its week', async () => {
    setClock(LATER)
    const database = await freshDatabase()
    const config = loadConfig(
      {},
      {
        port: 0,
        host: '127.0.0.1',
        databaseUrl: database.url,
        pgliteDir: 'memory://',
        log: () => undefined,
      },
    )
    const api = await startApi(config)
    try {
      const token = await fetch(`${api.url}/api/companies/token/host/${BAINS}`)
      const company = ((await token.json()) as { token: string }).token
      const events = (await (
        await fetch(`${api.url}/api/events`, { headers: { company } })
      ).json()) as Record<string, unknown>[]
      expect(events.find((e) => String(e.id) === '501')).toMatchObject({
        start: '2027-12-10T00:00:00+01:00',
        end: '2028-04-01T23:59:00+02:00',
      })
    } finally {
      await api.close()
      await database.drop()
    }
  }, 120_000)
})
