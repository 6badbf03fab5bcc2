import { linksProfilesCalls } from '#contract/calls/links-profiles.ts'
import { usersProfileUpdate } from '#contract/calls/users.ts'
import type { AccountRow } from '#server/db/schema/index.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { readPhone } from '#server/services/accounts/phone.ts'
import { writeProfile } from '#server/services/accounts/profile.ts'
import { findCustomerByCode, findCustomerByPhone } from '#server/services/accounts/repository.ts'
import { ownCustomerView } from '#server/services/accounts/unreachable.ts'
import { customerView } from '#server/services/accounts/views.ts'

/** The profile shown for a customer found by a provider's look-up: profiles[0], or null. */
const profileOf = (row: AccountRow | undefined) =>
  row ? (customerView(row).profiles?.[0] ?? null) : null

/**
 * Profiles (docs/product/7-calls.md Links and profiles). Phone numbers are compared in E.164, so '06 12 34 56 78'
 * with country FR finds '+33612345678'.
 */
export const profilesRoutes: RouteSpec[] = [
  /** Registration asks whether a number is free; pending sign-ups do not hold one. */
  handle(linksProfilesCalls.phoneAvailable, async ({ c, company, query }) => {
    const phone = readPhone(query.phone, undefined, 'query')
    return { available: !(await findCustomerByPhone(c.var.deps.db, company.id, phone)) }
  }),

  handle(linksProfilesCalls.profileByPhone, async ({ c, company, query }) => {
    const phone = readPhone(query.phone, query.country, 'query')
    return profileOf(await findCustomerByPhone(c.var.deps.db, company.id, phone))
  }),

  handle(linksProfilesCalls.profileByCode, async ({ c, company, query }) =>
    profileOf(await findCustomerByCode(c.var.deps.db, company.id, query.code)),
  ),

  /** POST fills the profile a new account starts with; PUT changes it. Both write profiles[0]. */
  handle(linksProfilesCalls.profileCreate, async ({ c, company, subject, body }) =>
    ownCustomerView(c.var.deps.db, await writeProfile(c.var.deps.db, company.id, subject.id, body)),
  ),

  handle(usersProfileUpdate, async ({ c, company, subject, body }) =>
    ownCustomerView(c.var.deps.db, await writeProfile(c.var.deps.db, company.id, subject.id, body)),
  ),
]
