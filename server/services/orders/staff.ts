import { eq, sql } from 'drizzle-orm'
import { type StudioScope, studioScope } from '#domain/studio/roles.ts'
import type { Db } from '#server/db/client.ts'
import { shops } from '#server/db/schema/index.ts'
import { forbidden, unauthorized } from '#server/kernel/index.ts'
import { findAccount, staffFacts } from '../accounts/index.ts'
import { mayUseOwnerTools } from './rules.ts'

/** A signed-in company user and what the studio roles let them reach. */
export interface Staff {
  readonly providerId: string
  readonly scope: StudioScope
}

/**
 * The studio scope of a company user, read at each call from their account (so a role changed
 * by the owner applies to the next call) and the company's shops. A session whose account is
 * gone is 401, as an unknown token.
 */
export async function staffOf(db: Db, companyId: number, providerId: string): Promise<Staff> {
  const account = await findAccount(db, companyId, 'provider', providerId)
  if (!account) throw unauthorized('Invalid or expired session.', 'invalidToken')
  const facts = staffFacts(account)
  const refs =
    facts.studioRole === 'owner'
      ? []
      : await db
          .select({
            id: shops.id,
            artebeauteId: sql<string | null>`${shops.data} ->> 'artebeauteId'`,
          })
          .from(shops)
          .where(eq(shops.companyId, companyId))
  const shopRefs = refs.map((r) => ({ id: r.id, artebeauteId: r.artebeauteId ?? undefined }))
  return { providerId, scope: studioScope(facts, shopRefs) }
}

/** The owner's tools (docs/decisions/072-studio-roles.md): anyone else is 403 forbidden. */
export function requireOwner(staff: Staff): void {
  if (!mayUseOwnerTools(staff.scope)) throw forbidden("This call is the company owner's.")
}
