import { type CatalogueTarget, mayEditCatalogue } from '#domain/studio/catalogue-roles.ts'
import type { Db } from '#server/db/client.ts'
import type { ContentKind, JsonObject } from '#server/db/schema/index.ts'
import { forbidden } from '#server/kernel/index.ts'
import { findContent, type InTransaction } from '#server/services/content/index.ts'
import type { Staff } from '#server/services/orders/index.ts'

/** What a write guard knows of the write, before anything is written. */
export interface GuardInput {
  readonly staff: () => Promise<Staff | undefined>
  readonly db: Db
  readonly companyId: number
  readonly op: 'create' | 'update' | 'remove'
  readonly id?: string | undefined
  readonly body?: JsonObject | undefined
}

/**
 * Refuses a write by throwing. A removal's guard may also answer work to run first inside the
 * delete's transaction (a check that must hold until the row is gone: shop-guard.ts).
 */
// biome-ignore lint/suspicious/noConfusingVoidType: most guards only refuse, returning nothing
export type WriteGuard = (input: GuardInput) => Promise<void | InTransaction>

/**
 * The catalogue's writes by role (docs/decisions/083-catalogue-checks.md, the pure rule is
 * `mayEditCatalogue`): a company user it refuses is 403 before anything is read or written.
 */
export async function assertCatalogueWrite(
  staff: () => Promise<Staff | undefined>,
  target: CatalogueTarget,
): Promise<void> {
  const user = await staff()
  if (user && !mayEditCatalogue(user.scope, target)) {
    throw forbidden("This change is the company owner's, or its shop's manager's.")
  }
}

/** Services, products, categories: the whole company's. */
export const companyWide: WriteGuard = ({ staff }) => assertCatalogueWrite(staff, { company: true })

/** A shop's own page: its manager may change it; creating or deleting one is the owner's. */
export const shopWrite: WriteGuard = ({ staff, op, id }) =>
  assertCatalogueWrite(
    staff,
    op === 'update' && id !== undefined ? { shops: [id] } : { company: true },
  )

/** Ids are text in the contract; a seeded row may still hold the number. */
function shopIdOf(data: JsonObject | undefined): string | null {
  const shopId = data?.shopId
  return typeof shopId === 'string' || typeof shopId === 'number' ? String(shopId) : null
}

/**
 * A row that belongs to one shop (a resource, a closed or open day): the shop it names now and
 * the one it named before must both be the manager's (null, every shop: the owner's).
 */
export function perShop(kind: ContentKind): WriteGuard {
  return async ({ staff, db, companyId, op, id, body }) => {
    const before = id === undefined ? undefined : await findContent(db, companyId, kind, { id })
    const shops = [
      ...(op === 'remove' ? [] : [shopIdOf(body)]),
      ...(before ? [shopIdOf(before.data)] : []),
    ]
    await assertCatalogueWrite(staff, { shops })
  }
}
