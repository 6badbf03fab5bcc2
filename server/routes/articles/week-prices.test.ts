import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ArticleRecord } from '#contract/article.ts'
import { articlesCalls } from '#contract/calls/catalogue-articles.ts'
import { siteSnapshot } from '#contract/site-snapshot.ts'
import { DEMO_COMPANY, type DemoStaff, demoStaffCalls } from '#server/test/demo-staff.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

/**
 * Week prices through the studio's read of the stored records
 * (docs/decisions/092-week-prices-and-online-booking.md), with the demo users of README "The
 * studio": maison-lumiere's owner Claire, Hugo (its manager), Inès (practitioner); bains-du-lac's
 * owner Sophie.
 */
const tenants = fileURLToPath(new URL('../../../tenants', import.meta.url))
const LUMIERE = DEMO_COMPANY.lumiere
type Who = DemoStaff

let t: TestApi
let as: Awaited<ReturnType<typeof demoStaffCalls>>

beforeAll(async () => {
  t = await startTestApi({
    seedFrom: tenants,
    config: { publishWebhookUrls: ['http://127.0.0.1:9/unused'] },
  })
  as = await demoStaffCalls(t, ['owner', 'manager', 'practitioner', 'bainsOwner'])
})
afterAll(() => t.close())

const service = {
  name: { fr: 'Soin de la semaine', en: 'Facial of the week' },
  slug: 'soin-de-la-semaine',
  type: '1',
  prices: 7500,
  duration: 45,
}

const recordOf = async (who: Who, id: string) => {
  const res = await as(who, '/api/articles/records?type=1')
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return articlesCalls.records.response.parse(res.body).find((a) => a.id === id)
}

/** The articles as the site's build pulls them (scripts/build-sites/pull.ts) and reads them. */
const sitePrice = async (id: string) => {
  const res = await t.call('/api/articles', { company: LUMIERE })
  const articles = siteSnapshot.shape.articles.parse(res.body)
  return articles.find((a) => a.id === id)?.prices
}

describe('week prices (decision 092)', () => {
  let id = ''
  it('round-trips the list price and the week price apart, and the site shows the week price', async () => {
    const made = await as('owner', '/api/articles', 'POST', { ...service, weekprices: 6800 })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    id = (made.body as { id: string }).id
    expect(await recordOf('owner', id)).toMatchObject({ prices: 7500, weekprices: 6800 })
    expect(await sitePrice(id)).toBe(6800)
  })

  it('clears the week price when the form leaves it out, and the site goes back to the list price', async () => {
    const stored = (await recordOf('owner', id)) as ArticleRecord
    const { id: _id, weekprices: _week, ...body } = stored
    const saved = await as('owner', `/api/articles/${id}`, 'PUT', { ...body, prices: 7900 })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const after = await recordOf('owner', id)
    expect(after?.prices).toBe(7900)
    expect(after).not.toHaveProperty('weekprices')
    expect(await sitePrice(id)).toBe(7900)
  })

  it('keeps the stored list price when only the week price changes', async () => {
    const stored = (await recordOf('owner', id)) as ArticleRecord
    const { id: _id, ...body } = stored
    await as('owner', `/api/articles/${id}`, 'PUT', { ...body, weekprices: 5900 })
    expect(await recordOf('owner', id)).toMatchObject({ prices: 7900, weekprices: 5900 })
    // the public read swaps it in: reading it back through `article` and saving would lose 7900
    const pub = await t.call(`/api/articles/${id}`, { company: LUMIERE })
    expect(articlesCalls.get.response.parse(pub.body).prices).toBe(5900)
  })

  it('reads the records for the owner and managers only, within their company', async () => {
    expect((await as('manager', '/api/articles/records')).status).toBe(200)
    const refused = await as('practitioner', '/api/articles/records')
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ type: 'forbidden' })
    expect((await t.call('/api/articles/records', { company: LUMIERE })).status).toBe(401)
    const other = await as('bainsOwner', '/api/articles/records')
    expect(other.status).toBe(200)
    expect((other.body as { id: string }[]).map((a) => a.id)).not.toContain(id)
    // another company's owner cannot write it either
    const { id: _id, ...body } = (await recordOf('owner', id)) as ArticleRecord
    expect((await as('bainsOwner', `/api/articles/${id}`, 'PUT', body)).status).toBe(404)
  })
})
