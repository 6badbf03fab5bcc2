import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { customer } from '#contract/customer.ts'
import { accounts, undeliverableContacts } from '#server/db/schema/index.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'
import { companyIdOf, registerCustomer } from '#server/test/users.ts'

// scrypt on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

/**
 * docs/decisions/054-messages-on-nodemailer.md: an address or number the company's messages could
 * not reach for good is answered to its customer's own session as `unreachable`, per company.
 */
const CAMILLE_PHONE = '+33612345678'
const NEW_PHONE = '+33611112222'

let t: TestApi
let alphaId: number
let betaId: number
let alphaCamille: string
let betaCamille: string
let provider: string

const refused = (companyId: number, channel: 'email' | 'sms', contact: string) =>
  t.db
    .insert(undeliverableContacts)
    .values({ companyId, channel, contact, reason: '550 5.1.1 no such user' })

const me = async (company: string, token: string) =>
  customer.parse((await t.call('/api/users/me', { company, bearer: token })).body)

beforeAll(async () => {
  t = await startTestApi()
  alphaId = await companyIdOf(t, 'alpha.localhost')
  betaId = await companyIdOf(t, 'beta.localhost')
  alphaCamille = await bearer(t, 'alpha.localhost', 'customer')
  betaCamille = await bearer(t, 'beta.localhost', 'customer')
  provider = await bearer(t, 'alpha.localhost', 'provider')
  // Beta's camille holds the same e-mail and, here, the same number as alpha's.
  await t.db
    .update(accounts)
    .set({ phone: CAMILLE_PHONE })
    .where(and(eq(accounts.companyId, betaId), eq(accounts.id, 'u1')))
  await refused(alphaId, 'sms', CAMILLE_PHONE)
  await refused(betaId, 'email', 'camille@example.com')
})
afterAll(() => t.close())

describe('unreachable contacts of the signed-in customer', () => {
  it("me answers the company's own refusals only", async () => {
    expect((await me('alpha-token', alphaCamille)).unreachable).toEqual(['phone'])
    expect((await me('beta-token', betaCamille)).unreachable).toEqual(['email'])
  })

  it('the login reply carries it; a staff list of customers does not', async () => {
    const login = await t.call('/api/users/login', {
      company: 'alpha-token',
      json: { email: 'camille@example.com', password: 'alpha-password-1' },
      headers: { 'x-forwarded-for': '198.51.100.40' },
    })
    const body = login.body as { user: unknown }
    expect(customer.parse(body.user).unreachable).toEqual(['phone'])
    const list = await t.call('/api/users', { company: 'alpha-token', bearer: provider })
    const listed = (list.body as Record<string, unknown>[]).find((user) => user.id === 'u1')
    expect(listed).toBeDefined()
    expect(listed).not.toHaveProperty('unreachable')
  })

  it('the registration reply flags a number already refused for the company', async () => {
    await refused(alphaId, 'sms', '+33677889900')
    const { user } = await registerCustomer(t, {
      company: 'alpha-token',
      email: 'lea@example.com',
      phone: '+33677889900',
      password: 'lea-password-1',
    })
    expect(customer.parse(user).unreachable).toEqual(['phone'])
  })

  it("a new phone clears the flag and forgets the old number's refusal for that company", async () => {
    const saved = await t.call('/api/profiles', {
      company: 'alpha-token',
      method: 'PUT',
      bearer: alphaCamille,
      json: { firstname: 'Camille', lastname: 'Martin', phone: '06 11 11 22 22' },
    })
    expect(saved.status).toBe(200)
    const answered = customer.parse(saved.body)
    expect(answered.profiles[0]?.phone).toBe(NEW_PHONE)
    expect(saved.body).not.toHaveProperty('unreachable')
    expect((await me('alpha-token', alphaCamille)).unreachable).toBeUndefined()
    const rows = await t.db.select().from(undeliverableContacts)
    const left = rows.map((row) => [row.companyId, row.channel, row.contact])
    expect(left).not.toContainEqual([alphaId, 'sms', CAMILLE_PHONE])
    // Beta's rows are beta's: untouched, and beta's camille still asked about her e-mail.
    expect(left).toContainEqual([betaId, 'email', 'camille@example.com'])
    expect((await me('beta-token', betaCamille)).unreachable).toEqual(['email'])
  })

  it('an e-mail refused for the company is answered until the salon changes it', async () => {
    await refused(alphaId, 'email', 'camille@example.com')
    expect((await me('alpha-token', alphaCamille)).unreachable).toEqual(['email'])
    // Alpha's rows never flag beta's customer with the same e-mail and number.
    await refused(alphaId, 'sms', CAMILLE_PHONE)
    await t.db.delete(undeliverableContacts).where(eq(undeliverableContacts.companyId, betaId))
    expect((await me('beta-token', betaCamille)).unreachable).toBeUndefined()
  })
})
