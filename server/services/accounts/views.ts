import * as z from 'zod/mini'
import type { accessAccount, customer, provider, UnreachableContact } from '#contract/customer.ts'
import { customerLink, customerProfile } from '#contract/customer.ts'
import { roleOf, type StaffFacts } from '#domain/studio/roles.ts'
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
const ids = z.array(z.pipe(z.union([z.string(), z.int()]), z.transform(String)))
const providerData = z.object({
  firstname: z.catch(z.string(), ''),
  lastname: z.catch(z.string(), ''),
  artebeauteIds: z.catch(ids, []),
  /** docs/decisions/072-studio-roles.md: absent (or unreadable) is inferred from the shops */
  studioRole: z.catch(z.optional(z.enum(['owner', 'manager', 'practitioner'])), undefined),
  resourceIds: z.catch(z.optional(ids), undefined),
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

/**
 * The company user as `me` and the cmpusers calls give it: the role is always stated (read, or
 * inferred as roleOf does for accounts made before the studio), and a practitioner's resources
 * with it, so the studio never infers (docs/decisions/072-studio-roles.md).
 */
export function providerView(row: AccountRow): Wire<typeof provider> {
  const { studioRole: _stated, resourceIds, ...data } = providerData.parse(row.profile)
  const studioRole = roleOf(staffFacts(row))
  return {
    id: row.id,
    email: row.email,
    ...data,
    studioRole,
    ...(studioRole === 'practitioner' ? { resourceIds: resourceIds ?? [] } : {}),
  }
}

/** What of a company user the studio's rules read (src/domain/studio/roles.ts). */
export function staffFacts(row: AccountRow): StaffFacts {
  const { studioRole, artebeauteIds, resourceIds } = providerData.parse(row.profile)
  return { studioRole, artebeauteIds, resourceIds }
}

export function accessView(row: AccountRow): Wire<typeof accessAccount> {
  const data = accessData.parse(row.profile)
  return { id: row.id, email: row.email, ...data }
}
