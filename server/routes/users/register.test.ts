import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { customer } from '#contract/customer.ts'
import { accounts, notifications, registrationCodes } from '#server/db/schema/index.ts'
import { CODE_POLICY } from '#server/services/accounts/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { fakeSms } from '#server/test/sms.ts'
import { lastCode, lastMessage } from '#server/test/users.ts'

// scrypt (passwords and codes) on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

let t: TestApi
const sms = fakeSms(['beta.localhost'])
beforeAll(async () => {
  t = await startTestApi({ sms: sms.transports })
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }
const step1 = (json: unknown, company = 'alpha-token') =>
  t.call('/api/users/register/steps/1', { company, json })
const step2 = (json: unknown, company = 'alpha-token') =>
  t.call('/api/users/register/steps/2', { company, json })
const verify = (json: unknown, company = 'alpha-token') =>
  t.call('/api/users/register/verify/code', { company, json })
const resend = (json: unknown, company = 'alpha-token') =>
  t.call('/api/users/register/resend/code', { company, json })

describe('registration: step 1, step 2, the e-mail code, verify, login, me, logout', () => {
  const lea = {
    email: 'Lea.Dubois@example.com',
    phone: '06 11 22 33 44',
    password: 'lea-password-1',
  }

  it('runs the whole flow with the e-mail code alone when the company has no SMS provider', async () => {
    const one = await step1(lea)
    expect(one.status).toBe(200)
    const { user, profile } = one.body as { user: { id: string }; profile: unknown }
    // The phone is kept in E.164, the address lowercased.
    expect(profile).toEqual({ firstname: '', lastname: '', phone: '+33611223344' })
    expect(customer.parse(user)).toMatchObject({ email: 'lea.dubois@example.com', noPass: false })

    // A pending sign-up cannot log in yet.
    const early = await t.call('/api/users/login', { ...alpha, json: lea })
    expect(early.body).toEqual({ errType: 'unknownUser' })

    const two = await step2({ ...lea, curlang: 'en' }, 'alpha-token')
    expect(two).toMatchObject({
      status: 200,
      body: { requireSMSCode: false, requireEmailCode: true, user: { id: user.id } },
    })
    expect((two.body as { token?: string }).token).toBeUndefined()

    // no SMS is written for a code nobody could receive (decision 057)
    expect(await lastMessage(t, '+33611223344')).toBeUndefined()
    const mail = await lastMessage(t, 'lea.dubois@example.com')
    expect(mail?.channel).toBe('email')
    expect(mail?.body).toMatch(/^Alpha Spa : votre code de vérification est \d{6}\./)
    // Stored codes are hashes, never the digits.
    const code = await lastCode(t, 'lea.dubois@example.com', 'email')
    const stored = await t.db.select().from(registrationCodes)
    expect(stored.map((row) => row.channel)).toEqual(['email'])
    expect(stored.map((row) => row.codeHash).join()).not.toContain(code)

    // an SMS code asked for by a resend is acknowledged and not sent
    expect(await resend({ email: lea.email, type: 'sms' })).toEqual({
      status: 200,
      body: { ok: true },
    })
    expect(await lastMessage(t, '+33611223344')).toBeUndefined()

    const verified = await verify({ userID: user.id, code })
    expect(verified.status).toBe(200)
    const session = verified.body as { token: string; user: { id: string } }
    expect(session.user.id).toBe(user.id)
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await t.db.select().from(registrationCodes)).toEqual([])

    const login = await t.call('/api/users/login', { ...alpha, json: lea })
    expect(login).toMatchObject({ status: 200, body: { exist: true, user: { id: user.id } } })
    const { token } = login.body as { token: string }

    const me = await t.call('/api/users/me', { ...alpha, bearer: token })
    expect(me).toMatchObject({
      status: 200,
      body: { id: user.id, email: 'lea.dubois@example.com', profiles: [{ phone: '+33611223344' }] },
    })
    const logout = await t.call('/api/users/logout', { ...alpha, bearer: token, method: 'POST' })
    expect(logout).toEqual({ status: 200, body: { ok: true } })
    const after = await t.call('/api/users/me', { ...alpha, bearer: token })
    expect(after).toMatchObject({ status: 401, body: { code: 401, type: 'invalidToken' } })
    // The session of the verification is another token: still valid.
    const other = await t.call('/api/users/me', { ...alpha, bearer: session.token })
    expect(other.status).toBe(200)
  })

  it('answers step 2 of a verified account as a sign-in, without a code', async () => {
    const two = await step2(lea)
    expect(two).toMatchObject({ status: 200, body: { requireSMSCode: false } })
    expect((two.body as { token: string }).token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const wrong = await step2({ ...lea, password: 'not-the-password' })
    expect(wrong).toMatchObject({ status: 403, body: { code: 403, type: 'credentials' } })
  })

  it('refuses with 409 Conflict an e-mail or a phone that a customer already has', async () => {
    const byEmail = await step1({ ...lea, phone: '+33700000001' })
    expect(byEmail).toEqual({
      status: 409,
      body: { code: 409, message: 'Conflict', type: 'conflict' },
    })
    const byPhone = await step1({
      email: 'other@example.com',
      phone: '+33 6 12 34 56 78',
      password: 'x-password-1',
    })
    expect(byPhone).toMatchObject({ status: 409, body: { message: 'Conflict' } })
  })

  it('lets the same e-mail register in another company', async () => {
    const res = await step1(lea, 'beta-token')
    expect(res.status).toBe(200)
  })
})

// beta has an SMS provider (the fake one): its sign-ups give both codes, the spec's flow
describe('registration: codes (e-mail and SMS)', () => {
  const b = 'beta-token'
  const max = { email: 'max@example.com', phone: '+33622334455', password: 'max-password-1' }
  let userID = ''

  it('checks the password of the pending sign-up at step 2', async () => {
    userID = ((await step1(max, b)).body as { user: { id: string } }).user.id
    expect(await step2({ ...max, password: 'wrong-password' }, b)).toMatchObject({
      status: 403,
      body: { type: 'credentials' },
    })
    expect(await step2({ ...max, email: 'nobody@example.com' }, b)).toMatchObject({ status: 404 })
    expect(await verify({ userID, code: '123456', smsCode: '123456' }, b)).toMatchObject({
      status: 400,
      body: { type: 'codeRequired' },
    })
  })

  it(`refuses after ${CODE_POLICY.maxAttempts} wrong codes, even the right ones, until new codes are sent`, async () => {
    expect((await step2(max, b)).status).toBe(200)
    const code = await lastCode(t, max.email, 'email')
    const smsCode = sms.lastCode(max.phone)
    const wrongSms = smsCode === '000000' ? '000001' : '000000'
    for (let i = 0; i < CODE_POLICY.maxAttempts; i++) {
      const res = await verify({ userID, code, smsCode: wrongSms }, b)
      expect(res).toMatchObject({ status: 400, body: { code: 400, type: 'invalidCode' } })
    }
    const locked = await verify({ userID, code, smsCode }, b)
    expect(locked).toMatchObject({ status: 429, body: { code: 429, type: 'tooManyAttempts' } })

    // A missing SMS code is a wrong one too.
    expect((await resend({ email: max.email, type: 'sms' }, b)).body).toEqual({ ok: true })
    expect((await resend({ email: max.email, type: 'email' }, b)).body).toEqual({ ok: true })
    const fresh = {
      code: await lastCode(t, max.email, 'email'),
      smsCode: sms.lastCode(max.phone),
    }
    expect(await verify({ userID, code: fresh.code }, b)).toMatchObject({ status: 400 })
    // Another company cannot verify this sign-up.
    expect(await verify({ userID, ...fresh }, 'alpha-token')).toMatchObject({ status: 404 })
    const ok = await verify({ userID, ...fresh }, b)
    expect(ok).toMatchObject({ status: 200, body: { user: { id: userID } } })
  })

  it('refuses an expired code', async () => {
    const eve = { email: 'eve@example.com', phone: '+33633445566', password: 'eve-password-1' }
    const id = ((await step1(eve, b)).body as { user: { id: string } }).user.id
    await step2(eve, b)
    await t.db
      .update(registrationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrationCodes.registrationId, id))
    const res = await verify(
      {
        userID: id,
        code: await lastCode(t, eve.email, 'email'),
        smsCode: sms.lastCode(eve.phone),
      },
      b,
    )
    expect(res).toMatchObject({ status: 400, body: { type: 'codeExpired' } })
  })

  it(`limits resends to ${CODE_POLICY.maxSends} per channel and hour`, async () => {
    const zoe = { email: 'zoe@example.com', phone: '+33644556677', password: 'zoe-password-1' }
    await step1(zoe, b)
    await step2(zoe, b) // one send per channel
    for (let i = 1; i < CODE_POLICY.maxSends; i++) {
      expect((await resend({ email: zoe.email, type: 'email' }, b)).status).toBe(200)
    }
    const refused = await resend({ email: zoe.email, type: 'email' }, b)
    expect(refused).toMatchObject({ status: 429, body: { type: 'tooManyCodes' } })
  })

  it('acknowledges a resend for an unknown address without sending anything', async () => {
    const before = await t.db.select().from(notifications)
    const res = await resend({ email: 'ghost@example.com', type: 'sms', phone: '+33655667788' })
    expect(res).toEqual({ status: 200, body: { ok: true } })
    expect(await t.db.select().from(notifications)).toHaveLength(before.length)
  })

  it('moves the codes to a corrected phone number at step 2', async () => {
    const ana = { email: 'ana@example.com', phone: '+33666778899', password: 'ana-password-1' }
    const id = ((await step1(ana, b)).body as { user: { id: string } }).user.id
    await step2({ ...ana, phone: '+33677889900' }, b)
    const res = await verify(
      {
        userID: id,
        code: await lastCode(t, ana.email, 'email'),
        smsCode: sms.lastCode('+33677889900'),
      },
      b,
    )
    expect(res.status).toBe(200)
    const [row] = await t.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, id)))
    expect(row).toMatchObject({ phone: '+33677889900', kind: 'customer' })
    expect(row?.verifiedAt).toBeInstanceOf(Date)
  })
})
