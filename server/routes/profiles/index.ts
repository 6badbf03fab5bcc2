import { linksProfilesCalls } from '#contract/calls/links-profiles.ts'
import { usersProfileUpdate } from '#contract/calls/users.ts'
import type { AccountRow } from '#server/db/schema/index.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { readPhone } from '#server/kernel/index.ts'
import { limitedCodeLookup } from '#server/services/abuse/index.ts'
import {
  customerView,
  findCustomerByCode,
  findCustomerByPhone,
  ownCustomerView,
  writeProfile,
} from '#server/services/accounts/index.ts'

/** The profile shown for a customer found by a provider's look-up: profiles[0], or null. */
const profileOf = (row: AccountRow | undefined) =>
  row ? (customerView(row).profiles?.[0] ?? null) : null

/**
 * Profiles (docs/product/7-calls.md Links and profiles). Phone numbers are compared in E.164, so '06 12 34 56 78'
 * with country FR finds '+33612345678'.
 */
export const profilesRoutes: RouteSpec[] = [
  /**
   * Answering whether a number is free told anyone which numbers have an account
   * (docs/decisions/061-sign-in-budget.md): an anonymous caller is now told `available: true`
   * for any well-formed number, without a look-up (so no timing tells either), under the
   * per-address throttle of the code checks. Registration step 1 refuses a number that is taken
   * (409, throttled the same way); providers look numbers up with /api/profiles/phone.
   */
  handle(linksProfilesCalls.phoneAvailable, async ({ c, company, query }) => {
    readPhone(query.phone, undefined, 'query')
    const key = { companyId: company.id, scope: 'phone' as const, address: clientAddress(c) }
    // Every look-up spends the allowance: none is "right", as a voucher code that exists is.
    await limitedCodeLookup(c.var.deps.db, key, async () => undefined)
    return { available: true }
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
