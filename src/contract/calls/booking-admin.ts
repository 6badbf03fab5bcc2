import * as z from 'zod/mini'
import { bookingOrder, bookingStatus } from '../booking-order'
import { defineCall } from '../call'
import { ack, id, instant, isoDate, minorAmount, money, paginated } from '../common'
import { giftOrder } from '../gift'
import { pageQuery, queryBoolean, queryIdList } from '../query'

/**
 * docs/product/7-calls.md Booking admin: no company header (the bookingAdmin group's base address names the
 * service), provider bearer, raw errors rethrown (docs/product/8-errors.md). Paths have no /api prefix.
 */

const ADMIN = { group: 'bookingAdmin', auth: 'provider' } as const
/** refunds and gift orders: the owner's tools (docs/decisions/072-studio-roles.md) */
const OWNER = { ...ADMIN, ownerOnly: true } as const

const refundBody = z.object({
  appointment: z.object({
    ideorder: z.string().check(z.minLength(1)),
    customerId: id,
    amount: minorAmount,
  }),
})
const refundResponse = z.object({ ideorder: z.string(), refunded: money })
const byOrder = z.object({ ideorder: z.string().check(z.minLength(1)) })

/** docs/product/7-calls.md history filters; every one optional but the page. */
export const bookingHistoryQuery = z.object({
  ...pageQuery.shape,
  sortBy: z._default(z.enum(['createdAt', 'start', 'total', 'status', 'ideorder']), 'createdAt'),
  sortDesc: z._default(queryBoolean, true),
  /** which date start/end filter: when it was ordered or when the appointment is */
  periodSearch: z._default(z.enum(['order', 'appointment']), 'order'),
  start: z.optional(isoDate),
  end: z.optional(isoDate),
  firstname: z.optional(z.string()),
  lastname: z.optional(z.string()),
  mail: z.optional(z.string()),
  transactionId: z.optional(z.string()),
  bookerOrigin: z.optional(z.string()),
  bookerStatus: z.optional(bookingStatus),
  /** comma-separated shop ids */
  shops: z.optional(queryIdList),
})

/** The gift sales' filters: the day sold (UTC), the selling shops, the buyer's or recipient's e-mail. */
export const giftOrdersQuery = z.object({
  ...pageQuery.shape,
  start: z.optional(isoDate),
  end: z.optional(isoDate),
  shops: z.optional(queryIdList),
  mail: z.optional(z.string()),
})

/**
 * The filtered history's totals (docs/decisions/076-studio-reports.md): the bills of every order
 * it lists, on every page, and what their payments hold (net of refunds, vouchers apart).
 */
const historyTotals = z.object({
  count: z.int().check(z.nonnegative()),
  billed: money,
  paid: money,
})

export const bookingAdminCalls = {
  changeStatus: defineCall({
    method: 'PUT',
    path: '/bookingOrder/changeStatus',
    ...ADMIN,
    body: z.object({ m_ideorder: z.string().check(z.minLength(1)), m_status: bookingStatus }),
    response: bookingOrder,
  }),
  oldCreditRefund: defineCall({
    method: 'POST',
    path: '/bookingOrder/oldCredit/refund',
    ...OWNER,
    body: refundBody,
    response: refundResponse,
  }),
  partialRefund: defineCall({
    method: 'POST',
    path: '/bookingOrder/partialRefund',
    ...OWNER,
    body: refundBody,
    response: refundResponse,
  }),
  byIdeorder: defineCall({
    method: 'GET',
    path: '/bookingOrder/ideorder',
    ...ADMIN,
    query: byOrder,
    response: bookingOrder,
  }),
  byCustomer: defineCall({
    method: 'GET',
    path: '/bookingOrder/customerId',
    ...ADMIN,
    query: z.object({ customerId: id }),
    response: z.array(bookingOrder),
  }),
  /** credit kept from an order paid under the former system */
  oldCredit: defineCall({
    method: 'GET',
    path: '/bookingOrder/oldCredit/ideorder',
    ...ADMIN,
    query: byOrder,
    response: z.object({ ideorder: z.string(), credit: money, remaining: money }),
  }),
  /** where an order's credit was spent */
  eorderUse: defineCall({
    method: 'GET',
    path: '/bookingOrder/eorder/use',
    ...ADMIN,
    query: byOrder,
    response: z.array(z.object({ ideorder: z.string(), amount: money, at: instant })),
  }),
  history: defineCall({
    method: 'GET',
    path: '/bookingOrder/history',
    ...ADMIN,
    query: bookingHistoryQuery,
    response: paginated(bookingOrder),
  }),
  /** owner and managers (their shops); a practitioner's is 403: reports are not theirs */
  historyTotals: defineCall({
    method: 'GET',
    path: '/bookingOrder/history/totals',
    ...ADMIN,
    query: bookingHistoryQuery,
    response: historyTotals,
  }),
  customerRemainingAmount: defineCall({
    method: 'GET',
    path: '/customers/remainingAmount',
    ...ADMIN,
    query: z.object({ customerId: id }),
    response: z.object({ remaining: money }),
  }),
  giftOrdersHistory: defineCall({
    method: 'GET',
    path: '/giftOrders/history',
    ...OWNER,
    query: giftOrdersQuery,
    /** totals: every voucher the filters select, on every page (amounts sold, used, left) */
    response: z.extend(paginated(giftOrder), {
      totals: z.object({
        count: z.int().check(z.nonnegative()),
        sold: money,
        redeemed: money,
        refunded: money,
        outstanding: money,
      }),
    }),
  }),
  giftOrdersDelete: defineCall({
    method: 'DELETE',
    path: '/giftOrders/delete',
    ...OWNER,
    query: z.object({ idgift: id }),
    response: ack,
  }),
}
