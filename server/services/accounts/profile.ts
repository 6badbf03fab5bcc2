import { and, eq } from 'drizzle-orm'
import type { CustomerProfile } from '#contract/customer.ts'
import type { Db } from '#server/db/client.ts'
import { type AccountRow, accounts } from '#server/db/schema/index.ts'
import { clock, conflict, DEFAULT_PHONE_COUNTRY, Refusal, readPhone } from '#server/kernel/index.ts'
import { findCustomerByPhone, getAccount } from './repository.ts'
import { forgetUnreachablePhone } from './unreachable.ts'
import { readCustomerData } from './views.ts'

/**
 * Writes the signed-in customer's profiles[0] (POST and PUT /api/profiles). Names are replaced;
 * city, country and phone are replaced when given and kept otherwise; `code` is the back
 * office's and never taken from the customer. A phone held by another customer is 409 with the
 * message 'Conflict' (docs/product/5-rules.md), as is a race lost on the unique index. A
 * changed phone drops the old number's `undeliverable_contacts` row (decision 054).
 */
export async function writeProfile(
  db: Db,
  companyId: number,
  accountId: string,
  body: CustomerProfile,
): Promise<AccountRow> {
  const account = await getAccount(db, companyId, 'customer', accountId)
  const data = readCustomerData(account.profile)
  const [first, ...others] = data.profiles
  const country = body.country ?? first?.country
  const phone =
    body.phone === undefined
      ? account.phone
      : readPhone(body.phone, country ?? DEFAULT_PHONE_COUNTRY)
  if (phone !== null && phone !== account.phone) {
    if (await findCustomerByPhone(db, companyId, phone, account.id)) throw conflict()
  }
  const city = body.city ?? first?.city
  const profile = {
    firstname: body.firstname,
    lastname: body.lastname,
    ...(city === undefined ? {} : { city }),
    ...(country === undefined ? {} : { country }),
    ...(phone === null ? {} : { phone }),
    ...(first?.code === undefined ? {} : { code: first.code }),
  }
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(accounts)
      .set({
        phone,
        profile: { ...account.profile, profiles: [profile, ...others] },
        updatedAt: clock.now(),
      })
      .where(and(eq(accounts.companyId, companyId), eq(accounts.id, account.id)))
      .returning()
    if (!updated) throw new Refusal(500, 'internal', 'Internal error.')
    // The old number's refusal is forgotten with it (unreachable.ts forgetUnreachablePhone).
    if (account.phone !== null && account.phone !== phone) {
      await forgetUnreachablePhone(tx, companyId, account.phone)
    }
    return updated
  })
}
