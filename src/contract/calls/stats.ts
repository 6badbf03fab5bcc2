import * as z from 'zod/mini'
import { bookingStatus } from '../booking-order'
import { defineCall } from '../call'
import { id, isoDate, money } from '../common'
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

/** per shop: how many paid and how much */
const shopPayments = z.array(
  z.object({ shopId: id, count: z.int().check(z.nonnegative()), total: money }),
)

export const statsCalls = {
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
