import { paymentCalls } from '#contract/calls/payment.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { resolveCompany } from '#server/http/company.ts'
import { handle, handlePublic, type RouteSpec } from '#server/http/route.ts'
import { requestLocale } from '#server/services/accounts/index.ts'
import { reachOf } from '#server/services/orders/index.ts'
import {
  dueAtShop,
  freeCallback,
  initializePayment,
  payCart,
  paymentConnected,
  paymentScenario,
  paymentSuccess,
  paymentToken,
  recordShopPayment,
  refundPayment,
  updateMessage,
} from '#server/services/payments/index.ts'
import { notifyRoute } from './notify.ts'

const calls = paymentCalls

/**
 * Payments (docs/product/7-calls.md Payment). The amount is always the server's
 * (services/payments: purposes price, providers charge, settle confirms in one transaction);
 * these handlers only hand the validated input over.
 */
export const paymentRoutes: RouteSpec[] = [
  handle(calls.initialize, ({ c, company, subject, body }) =>
    initializePayment(
      c.var.deps.db,
      company,
      subject,
      body,
      requestLocale(c.req.header('curlang')),
      clientAddress(c),
      c.var.deps.availability,
    ),
  ),

  handle(calls.updateMessage, async ({ c, company, subject, body }) => {
    await updateMessage(c.var.deps.db, company, subject, body)
    return { ok: true as const }
  }),

  // The company is in the path: the browser posts this without waiting, maybe without headers.
  handlePublic(calls.callback, async ({ c, params, query, body }) => {
    const { deps } = c.var
    const company = await resolveCompany(deps.companies, params.companyToken)
    await freeCallback(deps.db, company, query.payId, body, deps.config.log)
    return { ok: true as const }
  }),

  handle(calls.pay, ({ c, company, subject, body }) =>
    payCart(c.var.deps.db, company, subject, body),
  ),

  handle(calls.refund, ({ c, company, subject, body, query }) =>
    refundPayment(c.var.deps.db, company, { ...body, shopId: query.shopId, by: subject.id }),
  ),

  handle(calls.atShop, async ({ c, company, subject, body, query, staff }) =>
    recordShopPayment(c.var.deps.db, company, {
      ...body,
      shopId: query.shopId,
      by: subject.id,
      reach: reachOf((await staff()).scope),
    }),
  ),

  handle(calls.dueAtShop, async ({ c, company, query, staff }) =>
    dueAtShop(c.var.deps.db, company.id, reachOf((await staff()).scope), query.shopId),
  ),

  handle(calls.payzenRefund, ({ c, company, subject, body }) =>
    refundPayment(c.var.deps.db, company, { ...body, provider: 'payzen', by: subject.id }),
  ),

  handle(calls.token, ({ c, company, subject, body }) =>
    paymentToken(c.var.deps.db, company, subject, body.cartId),
  ),

  handle(calls.getScenario, ({ c, company, subject, body }) =>
    paymentScenario(c.var.deps.db, company, subject, body.cartId),
  ),

  handle(calls.success, ({ c, company, subject, params }) =>
    paymentSuccess(c.var.deps.db, company, subject, params.id),
  ),

  handle(calls.connect, ({ c, company, query }) =>
    paymentConnected(c.var.deps.db, company, query.shopId),
  ),

  notifyRoute,
]
