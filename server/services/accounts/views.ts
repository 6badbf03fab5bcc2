import * as z from 'zod/mini'
import type { accessAccount, customer, provider, UnreachableContact } from '#contract/customer.ts'
import { customerLink, customerProfile } from '#contract/customer.ts'
import type { AccountRow, JsonObject } from '#server/db/schema/index.ts'
import type { Wire } from '#server/kernel/index.ts'

/**
 * What the `profile` jsonb of each account kind holds, read with the contract's own schemas.
 * Rows come from the seed (tenants/ files) as well as from the API, so anything unreadable is
 * dropped rather than failing the call: a broken demo file must not lock a customer out.
 */
const customerData = z.object({
  profiles: z.catch(z.array(customerProfile), []),
  links: z.catch(z.array(customerLink), []),
})
const providerData = z.object({
  firstname: z.catch(z.string(), ''),
  lastname: z.catch(z.string(), ''),
  artebeauteIds: z.catch(z.array(z.pipe(z.union([z.string(), z.int()]), z.transform(String))), []),
})
const accessData = z.object({
  name: z.catch(z.string(), ''),
  scopes: z.catch(z.array(z.string()), []),
})

export function readCustomerData(profile: JsonObject) {
  return customerData.parse(profile)
}

/**
 * `unreachable` is given for the customer's own session only (unreachable.ts ownCustomerView):
 * staff lists and look-ups answer without it.
 */
export function customerView(
  row: AccountRow,
  unreachable: readonly UnreachableContact[] = [],
): Wire<typeof customer> {
  const data = customerData.parse(row.profile)
  const [first, ...others] = data.profiles
  // The phone column is the reference (unique, normalised); profiles[0] shows it.
  const phone = row.phone ?? undefined
  const profiles =
    first || phone ? [{ firstname: '', lastname: '', ...first, phone }, ...others] : []
  return {
    id: row.id,
    email: row.email,
    profiles,
    links: data.links,
    noPass: row.passwordHash === null,
    ...(unreachable.length > 0 ? { unreachable: [...unreachable] } : {}),
  }
}

export function readProviderData(profile: JsonObject) {
  return providerData.parse(profile)
}

export function providerView(row: AccountRow): Wire<typeof provider> {
  const data = providerData.parse(row.profile)
  return { id: row.id, email: row.email, ...data }
}

export function accessView(row: AccountRow): Wire<typeof accessAccount> {
  const data = accessData.parse(row.profile)
  return { id: row.id, email: row.email, ...data }
}
