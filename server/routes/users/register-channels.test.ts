import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { notifications, registrationCodes } from '#server/db/schema/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { patchBooker } from '#server/test/orders.ts'
import { fakeSms } from '#server/test/sms.ts'
import { lastCode } from '#server/test/users.ts'

// scrypt (passwords and codes) on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

/**
 * Decision 057: the company decides which codes prove a new account (e-mail, SMS, both), and an
 * SMS is asked for only where a provider carries it. Beta has the provider and asks for the SMS
 * code alone; alpha asks for both but has no provider, so its sign-ups get the e-mail code.
 */
let t: TestApi
const sms = fakeSms(['beta.localhost'])
beforeAll(async () => {
  t = await startTestApi({ sms: sms.transports })
  // before any request: the API caches a company once it has served it
  await patchBooker(t.db, 'beta.localhost', { signupCodes: 'sms' })
  await patchBooker(t.db, 'alpha.localhost', { signupCodes: 'both' })
})
afterAll(() => t.close())

const call = (step: string, company: string, json: unknown) =>
  t.call(`/api/users/register/${step}`, { company, json })

async function signUp(company: string, who: { email: string; phone: string; password: string }) {
  const one = await call('steps/1', company, who)
  const userID = (one.body as { user: { id: string } }).user.id
  return { userID, two: await call('steps/2', company, who) }
}

const recipients = async (id: string) =>
  (await t.db.select().from(registrationCodes).where(eq(registrationCodes.registrationId, id))).map(
    (row) => row.channel,
  )

describe('the codes a sign-up asks for', () => {
  it('SMS alone: step 2 says so, no e-mail code is sent, the SMS code verifies as code', async () => {
    const noa = { email: 'noa@example.com', phone: '+33611002200', password: 'noa-password-1' }
    const { userID, two } = await signUp('beta-token', noa)
    expect(two).toMatchObject({
      status: 200,
      body: { requireSMSCode: true, requireEmailCode: false },
    })
    expect(await recipients(userID)).toEqual(['sms'])
    const mails = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, noa.email))
    expect(mails).toEqual([])
    // the provider got the text in the request's language (French by default), code filled in
    expect(sms.sent.at(-1)?.text).toMatch(/^Beta .* : votre code de vérification est \d{6}\./)
    // a resend of an e-mail code the company does not ask for sends nothing
    await call('resend/code', 'beta-token', { email: noa.email, type: 'email' })
    expect(await recipients(userID)).toEqual(['sms'])

    const code = sms.lastCode(noa.phone)
    const wrong = code === '000000' ? '000001' : '000000'
    const refused = await call('verify/code', 'beta-token', { userID, code: wrong })
    expect(refused).toMatchObject({ status: 400, body: { type: 'invalidCode' } })
    const ok = await call('verify/code', 'beta-token', { userID, code })
    expect(ok).toMatchObject({ status: 200, body: { user: { id: userID } } })
  })

  it('both asked but no SMS provider: the e-mail code alone, and it is enough', async () => {
    const ivo = { email: 'ivo@example.com', phone: '+33611002201', password: 'ivo-password-1' }
    const sentBefore = sms.sent.length
    const { userID, two } = await signUp('alpha-token', ivo)
    expect(two).toMatchObject({
      status: 200,
      body: { requireSMSCode: false, requireEmailCode: true },
    })
    expect(await recipients(userID)).toEqual(['email'])
    expect(sms.sent).toHaveLength(sentBefore)
    const code = await lastCode(t, ivo.email, 'email')
    const ok = await call('verify/code', 'alpha-token', { userID, code })
    expect(ok).toMatchObject({ status: 200 })
  })
})
