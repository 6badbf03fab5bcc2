import { shopRemovalVerdict } from '#domain/shops/shop-removal.ts'
import { isRoutableSlug } from '#domain/shops/shop-slug.ts'
import { badRequest, clock, conflict, lockShop, notFound } from '#server/kernel/index.ts'
import { findContent } from '#server/services/content/index.ts'
import { shopObligations } from '#server/services/orders/index.ts'
import { shopWrite, type WriteGuard } from '../catalogue-guard.ts'

const REASONS = {
  lastShop: 'A company keeps at least one shop.',
  shopHasFutureVisits: 'Customers are still expected in this shop: move or cancel their visits.',
  shopHasUnpaidBills: 'Bills of visits in this shop are still unpaid.',
} as const

/**
 * A shop's writes (docs/decisions/094-shop-lifecycle.md), after the catalogue's role rule
 * (creating and removing are the owner's): a slug the route tree uses itself is refused, as its
 * page would never be built; a removal is refused while the shop is the last one, or a visit
 * there is still expected or owed. Another company's shop is 404 before anything is told of it.
 */
export const shopGuard: WriteGuard = async (input) => {
  await shopWrite(input)
  const slug = input.body?.slug
  if (typeof slug === 'string' && !isRoutableSlug(slug)) {
    throw badRequest('This address is used by a page of the site.', 'slugReserved')
  }
  if (input.op !== 'remove' || input.id === undefined) return
  const { db, companyId, id } = input
  if (!(await findContent(db, companyId, 'shops', { id }))) throw notFound('No such shop.')
  // in the delete's transaction, under the shop's lock, which every hold there takes shared
  // (docs/decisions/104-shop-removal-lock.md): no visit can be booked between the check and the
  // delete
  return async (tx) => {
    await lockShop(tx, companyId, id, 'exclusive')
    const verdict = shopRemovalVerdict(await shopObligations(tx, companyId, id, clock.now()))
    if (verdict !== 'ok') throw conflict(REASONS[verdict], verdict)
  }
}
