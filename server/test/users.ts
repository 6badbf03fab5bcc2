import { and, count, eq } from 'drizzle-orm'
import {
  accounts,
  companies,
  loginAttempts,
  notifications,
  passwordResets,
  registrationCodes,
  registrations,
  socialIdentities,
  tokens,
} from '#server/db/schema/index.ts'
import type { TestApi } from './harness.ts'
import { readMessages } from './messages.ts'
import type { FakeSms } from './sms.ts'

/** Helpers shared by the account route tests (users, profiles, links, cmpusers, access). */

export async function companyIdOf(t: TestApi, host: string): Promise<number> {
  const [row] = await t.db.select().from(companies).where(eq(companies.host, host))
  if (!row) throw new Error(`no company ${host}`)
  return row.id
}

/** The last message the notifier wrote to the outbox for this recipient, as the person reads it. */
export async function lastMessage(t: TestApi, recipient: string) {
  return (await readMessages(t, eq(notifications.recipient, recipient))).at(-1)
}

/** The 6-digit code of the last SMS or e-mail to this recipient, as the person reads it. */
export async function lastCode(t: TestApi, recipient: string, channel: 'sms' | 'email') {
  const row = (
    await readMessages(
      t,
      and(eq(notifications.recipient, recipient), eq(notifications.channel, channel)),
    )
  ).at(-1)
  const code = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1]
  if (!code) throw new Error(`no ${channel} code for ${recipient}`)
  return code
}

export interface NewCustomer {
  readonly company: string
  readonly email: string
  /** E.164, as the outbox records it. */
  readonly phone: string
  readonly password: string
}

/**
 * Registers and verifies a customer through the HTTP calls, giving the codes step 2 asked for
 * (SMS codes from `sms`, the fake provider, when the API runs with one); returns its session.
 */
export async function registerCustomer(t: TestApi, who: NewCustomer, sms?: FakeSms) {
  const body = { email: who.email, phone: who.phone, password: who.password }
  const step1 = await t.call('/api/users/register/steps/1', { company: who.company, json: body })
  if (step1.status !== 200) throw new Error(`step 1: ${JSON.stringify(step1)}`)
  const userID = (step1.body as { user: { id: string } }).user.id
  const step2 = await t.call('/api/users/register/steps/2', { company: who.company, json: body })
  const asked = step2.body as { requireSMSCode?: boolean; requireEmailCode?: boolean }
  const smsCode = asked.requireSMSCode
    ? (sms?.lastCode(who.phone) ?? (await lastCode(t, who.phone, 'sms')))
    : undefined
  const emailCode =
    asked.requireEmailCode === false ? smsCode : await lastCode(t, who.email, 'email')
  const verified = await t.call('/api/users/register/verify/code', {
    company: who.company,
    json: { userID, code: emailCode, ...(smsCode ? { smsCode } : {}) },
  })
  if (verified.status !== 200) throw new Error(`verify: ${JSON.stringify(verified)}`)
  return verified.body as { token: string; user: { id: string; email: string } }
}

const TABLES = {
  accounts,
  tokens,
  loginAttempts,
  registrations,
  registrationCodes,
  passwordResets,
  socialIdentities,
  notifications,
}

/** Row counts of every table an account call may write: "nothing written" is these unchanged. */
export async function accountTableCounts(t: TestApi): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => {
      const [row] = await t.db.select({ n: count() }).from(table)
      return [name, row?.n ?? 0] as const
    }),
  )
  return Object.fromEntries(entries)
}
