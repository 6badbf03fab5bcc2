import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companies, notifications, registrations } from '#server/db/schema/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import type { Notifier } from '../notifier/index.ts'
import { renderMail } from '../notifier/index.ts'
import { issueCode } from './codes.ts'

/**
 * A sign-up's code (decision 056): the e-mail is queued with its template, the code only as its
 * placeholder; the SMS is its text alone.
 */
let t: TestApi
beforeAll(async () => {
  t = await startTestApi()
}, 120_000)
afterAll(() => t?.close())

// the relay is not what is looked at: the outbox row is
const notifier: Notifier = {
  send: async () => undefined,
  relayQueued: async () => 0,
  deliverQueued: async () => false,
}

describe('the code e-mail', () => {
  it('carries its template in the sign-up language; the SMS carries none', async () => {
    const [company] = await t.db
      .select()
      .from(companies)
      .where(eq(companies.host, 'alpha.localhost'))
    if (!company) throw new Error('no alpha company')
    const [registration] = await t.db
      .insert(registrations)
      .values({
        companyId: company.id,
        email: 'code-mail@example.com',
        phone: '+33611112233',
        passwordHash: 'x',
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning()
    if (!registration) throw new Error('no registration')
    await issueCode({ db: t.db, notifier }, company, registration, 'email', 'it')
    await issueCode({ db: t.db, notifier }, company, registration, 'sms', 'it')
    const rows = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.companyId, company.id)))
    const email = rows.find((row) => row.recipient === 'code-mail@example.com')
    const sms = rows.find((row) => row.recipient === '+33611112233')
    expect(email?.template).toEqual({
      kind: 'code',
      locale: 'it',
      props: { code: '{{secret}}', minutes: 10 },
    })
    expect(sms?.template).toBeNull()
    const mail = await renderMail(email?.template ?? { kind: '', locale: '', props: {} }, company)
    expect(mail.text).toContain('{{secret}}')
    expect(mail.text).toContain('Scade tra 10 minuti.')
  })
})
