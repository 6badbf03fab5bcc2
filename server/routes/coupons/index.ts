import { contentCalls } from '#contract/calls/content.ts'
import { coupon } from '#contract/coupon.ts'
import type { ContentRow } from '#server/db/schema/index.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { clock } from '#server/kernel/index.ts'
import { codeGuard } from '#server/services/abuse/index.ts'
import { listContent, toEntity } from '#server/services/content/index.ts'
import { applyCoupon } from '#server/services/pricing/index.ts'
import { crudRoutes } from '../crud.ts'

/**
 * Coupons (docs/product/7-calls.md Content). The list is public (the build pulls it for the home pop-up), so it
 * leaves out switched-off coupons and the code of every coupon that is not automatic: a code is
 * what the business hands out, and a list anyone can read must not give it away. An automatic
 * coupon's code stays: it applies without being handed out.
 */
const publicView = (row: ContentRow) => {
  const { code: _code, ...rest } = toEntity(coupon, row)
  return row.data.automatic === true ? toEntity(coupon, row) : rest
}

export const couponsRoutes: RouteSpec[] = [
  handle(contentCalls.couponsList, async ({ c, company }) => {
    const rows = await listContent(c.var.deps.db, company.id, 'coupons')
    return rows.filter((row) => row.data.active !== false).map(publicView)
  }),

  handle(contentCalls.couponsApply, async ({ c, company, body, subject }) =>
    applyCoupon(
      c.var.deps.db,
      company,
      body,
      clock.now(),
      subject?.kind === 'customer' ? subject.id : undefined,
      codeGuard(c.var.deps.db, company.id, clientAddress(c)),
    ),
  ),

  // the owner's: every coupon with its code, and the writes, which publish (decision 090)
  ...crudRoutes('coupons', {
    list: contentCalls.couponsAll,
    create: contentCalls.couponsCreate,
    update: contentCalls.couponsUpdate,
    remove: contentCalls.couponsRemove,
  }),
]
