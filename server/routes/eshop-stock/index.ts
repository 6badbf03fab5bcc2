import { eshopCalls } from '#contract/calls/eshop.ts'
import type { RouteSpec } from '#server/http/route.ts'
import { handle } from '#server/http/route.ts'
import { forbidden } from '#server/kernel/index.ts'
import { productStock, setProductStock } from '#server/services/eshop/index.ts'
import { assertCatalogueWrite } from '../catalogue-guard.ts'

/**
 * A product's units per shop (docs/decisions/088-studio-products-and-service-options.md): the
 * owner reads and sets every shop's, a manager only their shops', a practitioner none. The
 * site reads stock at run time (GET /api/eshop/stock), so a count needs no rebuild.
 */
export const eshopStockRoutes: RouteSpec[] = [
  handle(eshopCalls.shopStock, async ({ c, company, params, staff }) => {
    const { scope } = await staff()
    if (scope.role === 'practitioner') throw forbidden("Stock is the owner's and managers'.")
    const shops = scope.role === 'owner' ? undefined : scope.shopIds
    return productStock(c.var.deps.db, company.id, params.id, shops)
  }),
  handle(eshopCalls.setShopStock, async ({ c, company, params, body, staff }) => {
    await assertCatalogueWrite(staff, { shops: [body.shopId] })
    return setProductStock(c.var.deps.db, company.id, params.id, body)
  }),
]
