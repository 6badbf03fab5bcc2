import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { accounts } from '#server/db/schema/index.ts'
import { issueToken } from '#server/services/auth/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { companyIdOf } from '#server/test/users.ts'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

/**
 * Isolation: with company B's own provider session and company header, none of company A's
 * users, company users or access accounts can be read, changed or deleted by id (404), and A's
 * sessions are refused by B (401).
 */
let t: TestApi
let betaStaff = ''
let alphaId = -1

beforeAll(async () => {
  t = await startTestApi()
  alphaId = await companyIdOf(t, 'alpha.localhost')
  const betaId = await companyIdOf(t, 'beta.localhost')
  await t.db.insert(accounts).values([
    { companyId: betaId, kind: 'provider', id: 'beta-staff', email: 'staff@beta.example' },
    { companyId: alphaId, kind: 'access', id: 'alpha-desk', email: 'desk@alpha.example' },
    { companyId: alphaId, kind: 'customer', id: 'alpha-only', email: 'only@alpha.example' },
  ])
  betaStaff = (
    await issueToken(t.db, { companyId: betaId, kind: 'provider', subjectId: 'beta-staff' })
  ).token
})
afterAll(() => t.close())

const beta = () => ({ company: 'beta-token', bearer: betaStaff })

describe('account isolation between companies', () => {
  it('answers 404 to another company’s account ids', async () => {
    const attempts = [
      t.call('/api/cmpusers/u2', beta()),
      t.call('/api/cmpusers/u2', {
        ...beta(),
        method: 'PUT',
        json: { email: 'x@beta.example', firstname: 'X', lastname: 'Y' },
      }),
      t.call('/api/cmpusers/u2', { ...beta(), method: 'DELETE' }),
      t.call('/api/cmpusers/link/u2', { ...beta(), json: { artebeauteId: 'AB-1' } }),
      t.call('/api/access/u/register/alpha-desk', {
        ...beta(),
        method: 'PUT',
        json: { email: 'x@beta.example', name: 'X' },
      }),
      t.call('/api/access/alpha-desk', { ...beta(), method: 'DELETE' }),
      t.call('/api/links/get?userId=alpha-only', beta()),
    ]
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404)
    const lists = [
      await t.call('/api/users', beta()),
      await t.call('/api/cmpusers', beta()),
      await t.call('/api/access', beta()),
    ]
    const emails = lists.flatMap((res) => (res.body as { email: string }[]).map((u) => u.email))
    expect(
      emails.some((email) => email.endsWith('alpha.example') || email === 'only@alpha.example'),
    ).toBe(false)
    // Nothing of alpha changed.
    const rows = await t.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.companyId, alphaId), eq(accounts.id, 'u2')))
    expect(rows[0]?.email).toBe('staff@alpha.example')
    expect(await t.db.select().from(accounts).where(eq(accounts.id, 'alpha-desk'))).toHaveLength(1)
  })

  it('refuses a session of one company with another company’s header', async () => {
    const res = await t.call('/api/cmpusers/me', { company: 'alpha-token', bearer: betaStaff })
    expect(res).toMatchObject({ status: 401, body: { type: 'invalidToken' } })
  })
})
