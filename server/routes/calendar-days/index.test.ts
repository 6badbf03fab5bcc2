import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closedDay, openDay } from '#contract/calendar-day.ts'
import { insertContent } from '#server/test/content.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await startTestApi()
  await insertContent(t.db, 'alpha.localhost', 'closedDays', [
    { id: 'd2', date: '2027-01-01', label: { fr: 'Jour de l’an' } },
    { id: 'd1', date: '2026-12-25', shopId: 's1', label: { fr: 'Noël' } },
  ])
  await insertContent(t.db, 'alpha.localhost', 'openDays', [
    { id: 'o1', date: '2026-12-20', shopId: 's1', hours: [{ start: '10:00', end: '18:00' }] },
  ])
  await insertContent(t.db, 'beta.localhost', 'closedDays', [{ id: 'd9', date: '2026-08-15' }])
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }

describe('GET /api/closeddays and /api/opendays', () => {
  it('lists closed days of the company in date order, with the contract defaults', async () => {
    const res = await t.call('/api/closeddays', alpha)
    expect(res.status).toBe(200)
    expect(res.body).toEqual([
      { id: 'd1', date: '2026-12-25', shopId: 's1', label: { fr: 'Noël' } },
      { id: 'd2', date: '2027-01-01', label: { fr: 'Jour de l’an' } },
    ])
    expect(closedDay.parse((res.body as unknown[])[1])).toMatchObject({ shopId: null })
    expect((await t.call('/api/closeddays', { company: 'beta-token' })).body).toMatchObject([
      { id: 'd9' },
    ])
  })

  it('lists open days with their hours', async () => {
    const res = await t.call('/api/opendays', alpha)
    expect(res.body).toMatchObject([{ id: 'o1', hours: [{ start: '10:00', end: '18:00' }] }])
    expect(openDay.safeParse((res.body as unknown[])[0]).success).toBe(true)
    expect((await t.call('/api/opendays', { company: 'beta-token' })).body).toEqual([])
  })

  it('needs a known company', async () => {
    expect((await t.call('/api/opendays')).body).toMatchObject({
      code: 400,
      type: 'companyRequired',
    })
    expect((await t.call('/api/closeddays', { company: 'nope' })).status).toBe(404)
  })
})
