import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { companies, tokens } from '#server/db/schema/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import {
  hashToken,
  issueToken,
  resolveToken,
  revokeAccountTokens,
  revokeToken,
  TOKEN_TTL_MS,
} from './tokens.ts'

// A fresh database per file; on a busy 2-core machine it takes more than the default 10 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

let t: TestApi
let alpha: number
let beta: number

beforeAll(async () => {
  t = await startTestApi()
  const rows = await t.db.select().from(companies)
  alpha = rows.find((row) => row.host === 'alpha.localhost')?.id ?? -1
  beta = rows.find((row) => row.host === 'beta.localhost')?.id ?? -1
})
afterAll(() => t.close())

describe('bearer tokens', () => {
  it('are 32 random bytes in base64url, stored only as their SHA-256', async () => {
    const issued = await issueToken(t.db, { companyId: alpha, kind: 'customer', subjectId: 'u1' })
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const stored = await t.db
      .select()
      .from(tokens)
      .where(eq(tokens.tokenHash, hashToken(issued.token)))
    expect(stored).toHaveLength(1)
    expect(JSON.stringify(stored)).not.toContain(issued.token)
  })

  it('expire: customers after 30 days', async () => {
    const now = new Date('2026-03-01T10:00:00Z')
    const { token, expiresAt } = await issueToken(t.db, {
      companyId: alpha,
      kind: 'customer',
      subjectId: 'u1',
      now,
    })
    expect(expiresAt.getTime() - now.getTime()).toBe(TOKEN_TTL_MS.customer)
    expect(TOKEN_TTL_MS.customer).toBe(30 * 24 * 3600 * 1000)
    const before = new Date(expiresAt.getTime() - 1000)
    expect(await resolveToken(t.db, alpha, token, before)).toMatchObject({
      kind: 'customer',
      id: 'u1',
    })
    expect(await resolveToken(t.db, alpha, token, expiresAt)).toBeUndefined()
  })

  it('are refused by any other company, even one with an account of the same id', async () => {
    const { token } = await issueToken(t.db, {
      companyId: alpha,
      kind: 'customer',
      subjectId: 'u1',
    })
    expect(await resolveToken(t.db, beta, token)).toBeUndefined()
    expect(await resolveToken(t.db, alpha, token)).toMatchObject({ id: 'u1' })
  })

  it('cannot name another company’s account (composite foreign key)', async () => {
    await expect(
      issueToken(t.db, { companyId: beta, kind: 'provider', subjectId: 'u2' }),
    ).rejects.toThrow()
  })

  it('stop working once revoked', async () => {
    const { token } = await issueToken(t.db, {
      companyId: alpha,
      kind: 'provider',
      subjectId: 'u2',
    })
    const subject = await resolveToken(t.db, alpha, token)
    expect(subject?.kind).toBe('provider')
    await revokeToken(t.db, alpha, subject?.tokenId ?? -1)
    expect(await resolveToken(t.db, alpha, token)).toBeUndefined()
  })

  it('end together for one account (password change), except the session kept', async () => {
    const issue = () => issueToken(t.db, { companyId: alpha, kind: 'customer', subjectId: 'u1' })
    const [kept, other] = [await issue(), await issue()]
    const betaToken = await issueToken(t.db, { companyId: beta, kind: 'customer', subjectId: 'u1' })
    const keptId = (await resolveToken(t.db, alpha, kept.token))?.tokenId
    await revokeAccountTokens(t.db, alpha, 'u1', keptId)
    expect(await resolveToken(t.db, alpha, kept.token)).toBeDefined()
    expect(await resolveToken(t.db, alpha, other.token)).toBeUndefined()
    // Beta's u1 is another account: untouched.
    expect(await resolveToken(t.db, beta, betaToken.token)).toBeDefined()
  })
})
