import type { DeskNewCustomer } from '#contract/desk.ts'
import type { Tx } from '#server/db/client.ts'
import { type AccountRow, accounts } from '#server/db/schema/index.ts'
import { sqlStateOf } from '#server/db/sql-state.ts'
import { badRequest, conflict, normalizePhone, Refusal } from '#server/kernel/index.ts'

/**
 * A customer created at the desk (docs/decisions/077-desk-booking.md), in the caller's
 * transaction so a booking refused rolls the customer back with it. No password: the customer
 * may set one through the password reset, with the e-mail the desk typed. Not verified: the
 * desk vouches for a phone call, not for the address. An e-mail or phone another customer of
 * the company holds is 409 `customerExists` (the desk finds that customer instead).
 */
export async function createDeskCustomer(
  tx: Tx,
  companyId: number,
  input: DeskNewCustomer,
): Promise<AccountRow> {
  const phone = normalizePhone(input.phone)
  if (phone === undefined) throw badRequest('This phone number cannot be read.', 'invalidPhone')
  const profile = {
    profiles: [{ firstname: input.firstname.trim(), lastname: input.lastname.trim(), phone }],
    links: [],
  }
  const row = await tx
    .insert(accounts)
    .values({
      companyId,
      kind: 'customer',
      email: input.email.trim().toLowerCase(),
      phone,
      profile,
    })
    .onConflictDoNothing()
    .returning()
    .then((rows) => rows[0])
    .catch((error: unknown) => {
      if (sqlStateOf(error) === '23505') return undefined
      throw error
    })
  if (!row) {
    throw conflict('Conflict: a customer with this e-mail or phone exists.', 'customerExists')
  }
  if (!row.id) throw new Refusal(500, 'internal', 'Internal error.')
  return row
}
