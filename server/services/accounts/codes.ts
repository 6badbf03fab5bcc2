import { randomInt } from 'node:crypto'
import { and, count, eq, gt, sql } from 'drizzle-orm'
import type { Locale } from '#i18n/locales.ts'
import {
  type CodeChannel,
  type CompanyRow,
  notifications,
  type RegistrationRow,
  registrationCodes,
} from '#server/db/schema/index.ts'
import { clock, tooManyRequests } from '#server/kernel/index.ts'
import type { ServiceDeps } from '#server/services/deps.ts'
import { hashPassword } from '../auth/index.ts'
import { mailTemplate, queueMessage, SECRET } from '../notifier/index.ts'
import { codeMessage } from './messages.ts'

/**
 * Verification codes of sign-ups: 6 random digits, stored as a scrypt hash (the existing
 * password helper, so a copy of the table does not hand out live codes), valid 10 minutes,
 * 5 wrong attempts, 5 sends per channel and hour per sign-up, and 5 SMS per hour per phone
 * number whatever the sign-up (nobody can use the API to flood a number).
 */
export const CODE_POLICY = {
  ttlMs: 10 * 60_000,
  maxAttempts: 5,
  maxSends: 5,
  sendWindowMs: 60 * 60_000,
  maxSmsPerPhone: 5,
} as const

export function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0')
}

type Deps = Pick<ServiceDeps, 'db' | 'notifier'>

/**
 * Replaces the code of one channel of a sign-up and sends it (SMS to the phone, email to the
 * address) through the notifier, so it lands in the outbox. Throws 429 past the send limits.
 */
export async function issueCode(
  deps: Deps,
  company: CompanyRow,
  registration: RegistrationRow,
  channel: CodeChannel,
  locale: Locale,
  now = clock.now(),
): Promise<void> {
  const windowStart = new Date(now.getTime() - CODE_POLICY.sendWindowMs)
  const to = channel === 'sms' ? registration.phone : registration.email
  const code = newCode()
  const codeHash = await hashPassword(code)
  const expiresAt = new Date(now.getTime() + CODE_POLICY.ttlMs)
  const minutes = CODE_POLICY.ttlMs / 60_000
  const message = codeMessage(locale, company, code, minutes)
  // an e-mail also goes as HTML from its template (decision 056); an SMS is its text
  const template =
    channel === 'email' ? mailTemplate('code', locale, { code: SECRET, minutes }) : undefined
  // The message is queued in the transaction that counts: under the number's lock, the SMS
  // already queued for it are all counted, so a parallel burst cannot pass the limit (decision 014).
  await deps.db.transaction(async (tx) => {
    if (channel === 'sms') {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sms:${to}`}, 0))`)
      const [sent] = await tx
        .select({ n: count() })
        .from(notifications)
        .where(
          and(
            eq(notifications.channel, 'sms'),
            eq(notifications.recipient, to),
            gt(notifications.createdAt, windowStart),
          ),
        )
      if ((sent?.n ?? 0) >= CODE_POLICY.maxSmsPerPhone) {
        throw tooManyRequests(
          'Too many codes sent to this number, try again later.',
          'tooManyCodes',
        )
      }
    }
    // One statement decides the send count, so two concurrent resends cannot both slip under it.
    const [row] = await tx
      .insert(registrationCodes)
      .values({
        companyId: registration.companyId,
        registrationId: registration.id,
        channel,
        codeHash,
        expiresAt,
        attempts: 0,
        sends: 1,
        sendsSince: now,
      })
      .onConflictDoUpdate({
        target: [
          registrationCodes.companyId,
          registrationCodes.registrationId,
          registrationCodes.channel,
        ],
        set: {
          codeHash,
          expiresAt,
          attempts: 0,
          sends: sql`case when ${registrationCodes.sendsSince} > ${windowStart} then ${registrationCodes.sends} + 1 else 1 end`,
          sendsSince: sql`case when ${registrationCodes.sendsSince} > ${windowStart} then ${registrationCodes.sendsSince} else ${now} end`,
        },
        setWhere: sql`${registrationCodes.sendsSince} <= ${windowStart} or ${registrationCodes.sends} < ${CODE_POLICY.maxSends}`,
      })
      .returning({ sends: registrationCodes.sends })
    if (!row) throw tooManyRequests('Too many codes sent, try again later.', 'tooManyCodes')
    await queueMessage(tx, {
      channel,
      to,
      ...message,
      companyId: company.id,
      ...(template ? { template } : {}),
    })
  })
  // committed: relayed before the answer, so the person has it when told to look
  await deps.notifier.relayQueued()
}
