import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type AccountRow, resources } from '#server/db/schema/index.ts'
import { conflict, notFound } from '#server/kernel/index.ts'
import { demotesSelf, type RoleChange, roleProfile } from './rules.ts'
import { updateManagedAccount } from './staff.ts'

/**
 * PUT /api/cmpusers/:id (the owner's: the contract marks it ownerOnly): names, e-mail and,
 * when given, the studio role and a practitioner's resources, which must be resources of the
 * company (404 otherwise, nothing written). The owner cannot demote themself (409
 * cannotDemoteSelf). The new role applies from the user's next call: it is read at each call.
 */
export async function updateCompanyUser(
  db: Db,
  companyId: number,
  id: string,
  input: { email: string; firstname: string; lastname: string } & RoleChange,
): Promise<AccountRow> {
  if (demotesSelf(input)) {
    throw conflict('You cannot give up your own owner role.', 'cannotDemoteSelf')
  }
  const wanted = input.resourceIds ?? []
  if (wanted.length > 0) {
    const found = await db
      .select({ id: resources.id })
      .from(resources)
      .where(and(eq(resources.companyId, companyId), inArray(resources.id, [...wanted])))
    const known = new Set(found.map((row) => row.id))
    if (!wanted.every((resource) => known.has(resource))) throw notFound('No such resource.')
  }
  const { email, firstname, lastname } = input
  return updateManagedAccount(db, companyId, 'provider', id, {
    email,
    profile: { firstname, lastname, ...roleProfile(input) },
  })
}
