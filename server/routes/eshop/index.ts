import { eshopCalls } from '#contract/calls/eshop.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { notFound } from '#server/kernel/index.ts'
import { customerEshopOrders, stockLevel } from '#server/services/eshop/index.ts'

/**
 * E-shop (docs/product/7-calls.md). Checkout is a payment (POST /api/payment/initialize with purpose 'eshop',
 * which calls services/eshop createEshopOrder). The stock look-ups are public; an optional
 * `?shopId=` (not in the call description, read here like posts read `lang`) narrows them to
 * one shop, else the units are summed over the company's shops. The order reads are the signed-in
 * customer's own: another customer's order is 404, like one that does not exist.
 */
const shopOf = (url: string) => new URL(url).searchParams.get('shopId') || undefined

export const eshopRoutes: RouteSpec[] = [
  handle(eshopCalls.stock, async ({ c, company, params }) => ({
    articleId: params.id,
    stock: await stockLevel(c.var.deps.db, company.id, params.id, shopOf(c.req.url)),
  })),

  handle(eshopCalls.verifyStock, async ({ c, company, params }) => {
    const shopId = shopOf(c.req.url)
    const ids = [...new Set(params.ids)]
    return Promise.all(
      ids.map(async (articleId) => {
        const stock = await stockLevel(c.var.deps.db, company.id, articleId, shopId)
        return { articleId, stock, available: stock >= params.qty }
      }),
    )
  }),

  handle(eshopCalls.myOrders, async ({ c, company, subject }) =>
    customerEshopOrders(c.var.deps.db, company.id, subject.id),
  ),

  handle(eshopCalls.myOrder, async ({ c, company, subject, params }) => {
    const [order] = await customerEshopOrders(c.var.deps.db, company.id, subject.id, params.id)
    if (!order) throw notFound('No such order.')
    return order
  }),
]
