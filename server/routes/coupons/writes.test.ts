import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts } from '#server/db/schema/index.ts'
import { issueToken } from '#server/services/auth/index.ts'
import {
  companyIdOf,
  countContent,
  countPublished,
  insertContent,
  providerBearer,
  publishedFor,
} from '#server/test/content.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'

// The owner's coupon calls and the marketing writes' roles (docs/decisions/090-studio-marketing.md).
let t: TestApi
let owner: string
let manager: string
let practitioner: string
let customer: string
let betaOwner: string

async function staff(role: 'manager' | 'practitioner'): Promise<string> {
  const companyId = await companyIdOf(t.db, 'alpha.localhost')
  const id = `alpha-${role}`
  await t.db.insert(accounts).values({
    companyId,
    kind: 'provider',
    id,
    email: `${role}@alpha.localhost`,
    profile: { studioRole: role, artebeauteIds: [], resourceIds: [] },
    verifiedAt: new Date(),
  })
  return (await issueToken(t.db, { companyId, kind: 'provider', subjectId: id })).token
}

beforeAll(async () => {
  t = await startTestApi({ config: { publishWebhookUrls: ['http://127.0.0.1:9/unused'] } })
  owner = await bearer(t, 'alpha.localhost', 'provider')
  customer = await bearer(t, 'alpha.localhost', 'customer')
  betaOwner = await providerBearer(t.db, 'beta.localhost')
  manager = await staff('manager')
  practitioner = await staff('practitioner')
  await insertContent(t.db, 'alpha.localhost', 'coupons', [
    { id: 'c-off', code: 'SLEEP', reductionType: 'amount', amount: 500, active: false },
  ])
  await insertContent(t.db, 'beta.localhost', 'coupons', [
    { id: 'c-beta', code: 'BETA', reductionType: 'percentage', amount: 5 },
  ])
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }
const body = {
  code: 'Spring15',
  reductionType: 'percentage',
  amount: 15,
  maxUses: 50,
  start: '2026-03-01T00:00:00+01:00',
  end: '2026-06-01T00:00:00+02:00',
}

describe('the owner writes coupons', () => {
  it('lists every coupon with its code, switched-off ones too; the public list does not', async () => {
    const all = await t.call('/api/coupons/all', { ...alpha, bearer: owner })
    expect(all).toMatchObject({
      status: 200,
      body: [{ id: 'c-off', code: 'SLEEP', active: false }],
    })
    expect((await t.call('/api/coupons', alpha)).body).toEqual([])
  })

  it('creates, updates and deletes a coupon, each publishing a coupons webhook', async () => {
    const auth = { ...alpha, bearer: owner }
    const created = await t.call('/api/coupons', { ...auth, json: body })
    expect(created).toMatchObject({ status: 200, body: { code: 'Spring15', amount: 15 } })
    const { id } = created.body as { id: string }
    const applied = await t.call('/api/coupons/apply', {
      ...alpha,
      json: { code: 'spring15', shopId: 's1', lines: [] },
    })
    expect(applied.body).not.toMatchObject({ type: 'couponNotFound' })
    const changed = { ...body, reductionType: 'amount', amount: 1250, active: false }
    const updated = await t.call(`/api/coupons/${id}`, { ...auth, method: 'PUT', json: changed })
    expect(updated.body).toMatchObject({ id, reductionType: 'amount', amount: 1250 })
    expect((await t.call(`/api/coupons/${id}`, { ...auth, method: 'DELETE' })).body).toEqual({
      ok: true,
    })
    expect((await publishedFor(t.db, id)).map((e) => `${e.kind}:${e.action}`)).toEqual([
      'coupons:create',
      'coupons:update',
      'coupons:delete',
    ])
  })

  it('refuses a second coupon with the same code in any case (409), and keeps the first', async () => {
    const auth = { ...alpha, bearer: owner }
    const again = await t.call('/api/coupons', { ...auth, json: { ...body, code: 'sleep' } })
    expect(again).toMatchObject({ status: 409, body: { type: 'slugTaken' } })
    expect(await countContent(t.db, 'alpha.localhost', 'coupons')).toBe(1)
  })

  it('answers 400 to a bad coupon (percent over 100, nothing off, no code, end before start)', async () => {
    const before = await countPublished(t.db)
    const auth = { ...alpha, bearer: owner }
    const bad = [
      { ...body, amount: 101 },
      { ...body, amount: 0 },
      { ...body, amount: 12.5 },
      { ...body, code: undefined },
      { ...body, end: '2026-02-01T00:00:00+01:00' },
      { ...body, automatic: true, code: undefined, maxUsesPerCustomer: 1 },
    ]
    for (const json of bad) {
      expect((await t.call('/api/coupons', { ...auth, json })).status).toBe(400)
      const put = { ...auth, method: 'PUT', json }
      expect((await t.call('/api/coupons/c-off', put)).status).toBe(400)
    }
    expect(await countPublished(t.db)).toBe(before)
  })
})

describe('marketing writes are refused to everyone but the owner', () => {
  const alert = {
    serviceId: 'a1',
    body: { fr: 'Offre' },
    start: '2026-01-01T00:00:00Z',
    end: '2026-02-01T00:00:00Z',
  }
  const event = {
    start: '2026-01-01T00:00:00Z',
    end: '2026-02-01T00:00:00Z',
    title: { fr: 'Fête' },
  }
  const writes = [
    { path: '/api/coupons', method: 'POST', json: body },
    { path: '/api/coupons/c-off', method: 'PUT', json: body },
    { path: '/api/coupons/c-off', method: 'DELETE' },
    { path: '/api/coupons/all', method: 'GET' },
    { path: '/api/alerts', method: 'POST', json: alert },
    { path: '/api/events', method: 'POST', json: event },
    { path: '/api/events/e1', method: 'PUT', json: event },
    { path: '/api/events/e1', method: 'DELETE' },
  ]

  it('answers a manager and a practitioner 403 forbidden, with nothing written', async () => {
    const before = await countPublished(t.db)
    for (const who of [manager, practitioner]) {
      for (const { path, ...input } of writes) {
        const res = await t.call(path, { ...alpha, bearer: who, ...input })
        expect(res, `${input.method} ${path}`).toMatchObject({
          status: 403,
          body: { type: 'forbidden' },
        })
      }
    }
    expect(await countPublished(t.db)).toBe(before)
    expect(await countContent(t.db, 'alpha.localhost', 'coupons')).toBe(1)
  })

  it('answers no session, a customer and another company owner 401', async () => {
    for (const extra of [{}, { bearer: customer }, { bearer: betaOwner }]) {
      for (const { path, ...input } of writes) {
        expect((await t.call(path, { ...alpha, ...extra, ...input })).status).toBe(401)
      }
    }
  })

  it("answers another company's coupon and event as unknown (404)", async () => {
    const auth = { ...alpha, bearer: owner }
    const put = { ...auth, method: 'PUT', json: body }
    expect((await t.call('/api/coupons/c-beta', put)).status).toBe(404)
    expect((await t.call('/api/coupons/c-beta', { ...auth, method: 'DELETE' })).status).toBe(404)
    expect(await countContent(t.db, 'beta.localhost', 'coupons')).toBe(1)
  })
})
