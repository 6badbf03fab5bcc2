import * as z from 'zod/mini'
import { bookingStatus } from '../booking-order'
import { defineCall } from '../call'
import { id, isoDate, money } from '../common'
import { queryIdList } from '../query'
import { bookingHistoryQuery } from './booking-admin'

/**
 * Statistics read by booking admin. The lead's rule puts /bookingShops* and /giftShops* in the
 * bookingAdmin group; the 'stats' group (no company header, raw errors too) has no path of docs/product/7-calls.md.
 */

/** reports are the owner's (docs/decisions/072-studio-roles.md) */
const ADMIN = { group: 'bookingAdmin', auth: 'provider', ownerOnly: true } as const

/** start and end inclusive */
const periodQuery = z
  .object({ start: isoDate, end: isoDate })
  .check(z.refine((q) => q.start <= q.end, { message: 'end before start', path: ['end'] }))

/**
 * How many paid and how much they hold (`total`, net of refunds), and what their bills charged
 * (`billed`): per shop, and within it per payment provider (docs/decisions/076-studio-reports.md).
 */
const paidFigures = {
  count: z.int().check(z.nonnegative()),
  total: money,
  billed: money,
}
const shopPayments = z.array(
  z.object({
    shopId: id,
    ...paidFigures,
    providers: z.array(z.object({ provider: z.string(), ...paidFigures })),
  }),
)

const count = z.int().check(z.nonnegative())

/** The figures of docs/decisions/076-studio-reports.md (src/domain/studio/report-figures.ts). */
const figures = {
  revenue: money,
  visits: count,
  noShows: count,
  cancellations: count,
  averageBasket: money,
}

const DAY_MS = 86_400_000
/** a day per step over a year at most; weeks and months over three years */
const MAX_DAYS = { day: 400, week: 1_100, month: 1_100 } as const

/**
 * The studio's report: the orders whose first appointment falls in [start, end] (shop wall-clock
 * days), at the shops asked or every shop.
 */
export const reportQuery = z
  .object({
    start: isoDate,
    end: isoDate,
    step: z._default(z.enum(['day', 'week', 'month']), 'day'),
    shops: z.optional(queryIdList),
  })
  .check(
    z.refine((q) => q.start <= q.end, { message: 'end before start', path: ['end'] }),
    z.refine((q) => (Date.parse(q.end) - Date.parse(q.start)) / DAY_MS < MAX_DAYS[q.step], {
      message: 'period too long for the step',
      path: ['end'],
    }),
  )

export const statsCalls = {
  report: defineCall({
    method: 'GET',
    path: '/bookingOrder/report',
    ...ADMIN,
    query: reportQuery,
    response: z.object({
      total: z.object(figures),
      byShop: z.array(z.object({ shopId: id, ...figures })),
      byPeriod: z.array(z.object({ period: isoDate, ...figures })),
    }),
  }),
  aggregate: defineCall({
    method: 'GET',
    path: '/bookingOrder/aggregate',
    ...ADMIN,
    query: bookingHistoryQuery,
    response: z.object({
      count: z.int().check(z.nonnegative()),
      total: money,
      byStatus: z.partialRecord(bookingStatus, z.int().check(z.nonnegative())),
    }),
  }),
  bookingShopsPayment: defineCall({
    method: 'GET',
    path: '/bookingShops/payment',
    ...ADMIN,
    query: periodQuery,
    response: shopPayments,
  }),
  giftShopsPayment: defineCall({
    method: 'GET',
    path: '/giftShops/payment',
    ...ADMIN,
    query: periodQuery,
    response: shopPayments,
  }),
}
