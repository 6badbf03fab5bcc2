import { and, eq, or } from 'drizzle-orm'
import type { customer, UnreachableContact } from '#contract/customer.ts'
import type { Db } from '#server/db/client.ts'
import { type AccountRow, undeliverableContacts } from '#server/db/schema/index.ts'
import type { Wire } from '#server/kernel/index.ts'
import { customerView } from './views.ts'

/**
 * Which of the account's current contacts its company's messages could not reach for good
 * (`undeliverable_contacts`, docs/decisions/054-messages-on-nodemailer.md and
 * 055-sms-providers.md). The rows are about the address or number, not the account: looking up
 * the current ones means a customer who changed their phone is no longer asked about the old one.
 */
export async function unreachableContacts(
  db: Db,
  account: AccountRow,
): Promise<UnreachableContact[]> {
  const email = and(
    eq(undeliverableContacts.channel, 'email'),
    eq(undeliverableContacts.contact, account.email.toLowerCase()),
  )
  const phone =
    account.phone === null
      ? undefined
      : and(
          eq(undeliverableContacts.channel, 'sms'),
          eq(undeliverableContacts.contact, account.phone),
        )
  const rows = await db
    .select({ channel: undeliverableContacts.channel })
    .from(undeliverableContacts)
    .where(and(eq(undeliverableContacts.companyId, account.companyId), or(email, phone)))
  const channels = new Set(rows.map((row) => row.channel))
  const found: UnreachableContact[] = []
  if (channels.has('email')) found.push('email')
  if (channels.has('sms')) found.push('phone')
  return found
}

/** The customer as their own session is answered (me, login, registration, profile). */
export async function ownCustomerView(db: Db, account: AccountRow): Promise<Wire<typeof customer>> {
  return customerView(account, await unreachableContacts(db, account))
}

/**
 * A customer moved off a number: its row goes. The row only served to ask whoever holds the
 * number to correct it, and they did; a later customer given that number is not asked about a
 * refusal that was not theirs. If the number really is dead, the next message to it records it
 * again.
 */
export async function forgetUnreachablePhone(
  db: Db,
  companyId: number,
  phone: string,
): Promise<void> {
  await db
    .delete(undeliverableContacts)
    .where(
      and(
        eq(undeliverableContacts.companyId, companyId),
        eq(undeliverableContacts.channel, 'sms'),
        eq(undeliverableContacts.contact, phone),
      ),
    )
}
