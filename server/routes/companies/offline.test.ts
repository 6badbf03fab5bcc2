import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companies } from '#server/db/schema/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await startTestApi()
})
afterAll(() => t.close())

describe('GET /api/companies/offline of a disabled site (docs/product/4-states.md)', () => {
  it('is offline while the site is disabled, except to a request in debug mode', async () => {
    // changed before any call reads the company, so the company cache holds nothing stale
    const [row] = await t.db.select().from(companies).where(eq(companies.token, 'beta-token'))
    const data = row?.data as { booker?: Record<string, unknown> }
    await t.db
      .update(companies)
      .set({ data: { ...data, booker: { ...data.booker, siteDisabled: true } } })
      .where(eq(companies.token, 'beta-token'))
    const beta = { company: 'beta-token' }
    expect((await t.call('/api/companies/offline', beta)).body).toEqual({ offline: true })
    const debug = { ...beta, headers: { debug: '1' } }
    expect((await t.call('/api/companies/offline', debug)).body).toEqual({ offline: false })
    expect((await t.call('/api/companies/offline', { company: 'alpha-token' })).body).toEqual({
      offline: false,
    })
  })
})
