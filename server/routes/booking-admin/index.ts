import { bookingAdminCalls } from '#contract/calls/booking-admin.ts'
import { statsCalls } from '#contract/calls/stats.ts'
import type { RouteSpec } from '#server/http/route.ts'
import { commerceSettings, notFound } from '#server/kernel/index.ts'
import { changeBookingStatus } from '#server/services/booking/index.ts'
import {
  bookingAggregate,
  bookingHistory,
  bookingHistoryTotals,
  bookingOrderViews,
  bookingReport,
  bookingShopsPayment,
  creditBalance,
  creditUses,
  customerBookingOrders,
  deleteGiftOrder,
  giftOrdersHistory,
  giftShopsPayment,
  orderByIdeorder,
  orderCredit,
  reachableCustomer,
  reachOf,
} from '#server/services/orders/index.ts'
import { refundAsCredit, refundToCard } from '#server/services/payments/index.ts'
import { handleAdmin } from './admin-route.ts'

/**
 * Booking admin and statistics (docs/product/7-calls.md): no company header; the provider bearer names the
 * company (admin-route.ts). Orders are named by their number (ideorder), customers by account id;
 * anything of another company, or out of the user's reach (a manager's shops, a practitioner's
 * resources and customers: docs/decisions/072-studio-roles.md), is 404; the contract's
 * `ownerOnly` calls refuse anyone but the owner (403, admin-route.ts). Money as {amount, currency} in minor units.
 */
export const bookingAdminRoutes: RouteSpec[] = [
  handleAdmin(bookingAdminCalls.changeStatus, async ({ c, session, body }) =>
    changeBookingStatus(c.var.deps.db, session.company.id, {
      ideorder: body.m_ideorder,
      status: body.m_status,
      by: session.providerId,
      reach: reachOf(session.staff.scope),
    }),
  ),

  handleAdmin(bookingAdminCalls.oldCreditRefund, async ({ c, session, body }) =>
    refundAsCredit(c.var.deps.db, session.company, {
      ...body.appointment,
      by: session.providerId,
    }),
  ),

  handleAdmin(bookingAdminCalls.partialRefund, async ({ c, session, body }) =>
    refundToCard(c.var.deps.db, session.company, { ...body.appointment, by: session.providerId }),
  ),

  handleAdmin(bookingAdminCalls.byIdeorder, async ({ c, session, query }) => {
    const { db } = c.var.deps
    const order = await orderByIdeorder(
      db,
      session.company.id,
      query.ideorder,
      reachOf(session.staff.scope),
    )
    const [view] = await bookingOrderViews(db, session.company.id, order ? [order] : [])
    if (!view) throw notFound('No such order.')
    return view
  }),

  handleAdmin(bookingAdminCalls.byCustomer, async ({ c, session, query }) =>
    customerBookingOrders(c.var.deps.db, session.company.id, query.customerId, session.staff),
  ),

  handleAdmin(bookingAdminCalls.oldCredit, async ({ c, session, query }) => {
    const { db } = c.var.deps
    const order = await orderByIdeorder(
      db,
      session.company.id,
      query.ideorder,
      reachOf(session.staff.scope),
    )
    if (!order) throw notFound('No such order.')
    const { credit, remaining } = await orderCredit(db, session.company.id, order.ideorder)
    const money = (amount: number) => ({ amount, currency: order.currency })
    return { ideorder: order.ideorder, credit: money(credit), remaining: money(remaining) }
  }),

  handleAdmin(bookingAdminCalls.eorderUse, async ({ c, session, query }) => {
    const { db } = c.var.deps
    const reach = reachOf(session.staff.scope)
    if (!(await orderByIdeorder(db, session.company.id, query.ideorder, reach))) {
      throw notFound('No such order.')
    }
    return creditUses(db, session.company.id, query.ideorder)
  }),

  handleAdmin(bookingAdminCalls.history, async ({ c, session, query }) =>
    bookingHistory(c.var.deps.db, session.company.id, query, session.staff),
  ),

  handleAdmin(bookingAdminCalls.historyTotals, async ({ c, session, query }) =>
    bookingHistoryTotals(
      c.var.deps.db,
      session.company.id,
      query,
      session.staff,
      commerceSettings(session.company).mCurrency.code,
    ),
  ),

  handleAdmin(bookingAdminCalls.customerRemainingAmount, async ({ c, session, query }) => {
    const { db } = c.var.deps
    const customer = await reachableCustomer(
      db,
      session.company.id,
      query.customerId,
      session.staff,
    )
    if (!customer) throw notFound('No such customer.')
    const currency = commerceSettings(session.company).mCurrency.code
    return {
      remaining: { amount: await creditBalance(db, session.company.id, customer.id), currency },
    }
  }),

  handleAdmin(bookingAdminCalls.giftOrdersHistory, async ({ c, session, query }) =>
    giftOrdersHistory(c.var.deps.db, session.company.id, query),
  ),

  handleAdmin(bookingAdminCalls.giftOrdersDelete, async ({ c, session, query }) => {
    await deleteGiftOrder(c.var.deps.db, session.company.id, query.idgift, session.providerId)
    return { ok: true as const }
  }),

  handleAdmin(statsCalls.aggregate, async ({ c, session, query }) => {
    const { currency, ...rest } = await bookingAggregate(
      c.var.deps.db,
      session.company.id,
      query,
      session.staff,
    )
    const code = currency ?? commerceSettings(session.company).mCurrency.code
    return { ...rest, total: { amount: rest.total, currency: code } }
  }),

  handleAdmin(statsCalls.report, async ({ c, session, query }) => {
    const report = await bookingReport(c.var.deps.db, session.company.id, query, session.staff)
    const currency = commerceSettings(session.company).mCurrency.code
    const money = <T extends { revenue: number; averageBasket: number }>(f: T) => ({
      ...f,
      revenue: { amount: f.revenue, currency },
      averageBasket: { amount: f.averageBasket, currency },
    })
    return {
      total: money(report.total),
      byShop: report.byShop.map(money),
      byPeriod: report.byPeriod.map(money),
    }
  }),

  handleAdmin(statsCalls.bookingShopsPayment, async ({ c, session, query }) =>
    bookingShopsPayment(
      c.var.deps.db,
      session.company.id,
      query,
      commerceSettings(session.company).mCurrency.code,
    ),
  ),

  handleAdmin(statsCalls.giftShopsPayment, async ({ c, session, query }) =>
    giftShopsPayment(
      c.var.deps.db,
      session.company.id,
      query,
      commerceSettings(session.company).mCurrency.code,
    ),
  ),
]
