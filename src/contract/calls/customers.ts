import * as z from 'zod/mini'
import { bookingOrder } from '../booking-order'
import { defineCall } from '../call'
import { id, money, paginated } from '../common'
import { backOfficeCustomer } from '../customer'
import { FIRST_CUSTOMER, FIRST_PROVIDER } from './crud'

/** docs/product/7-calls.md Customers: the company's back-office customer records. */

const byCustomer = z.object({ artebeauteId: id })

export const customersCalls = {
  search: defineCall({
    method: 'POST',
    path: '/api/customers/artebeaute/search',
    ...FIRST_PROVIDER,
    body: z.object({
      /** matched against names, e-mail and phone */
      filter: z._default(z.string(), ''),
      page: z._default(z.int().check(z.positive()), 1),
      enregbypage: z._default(z.int().check(z.positive(), z.lte(100)), 20),
    }),
    response: paginated(backOfficeCustomer),
  }),
  /** the signed-in customer's back-office record; null before it is linked */
  mine: defineCall({
    method: 'GET',
    path: '/api/customers/artebeaute',
    ...FIRST_CUSTOMER,
    response: z.nullable(backOfficeCustomer),
  }),
  /** credit left on the customer's account (prepaid, refunds as credit) */
  remainingAmount: defineCall({
    method: 'GET',
    path: '/api/customers/remainingamount',
    group: 'first',
    auth: 'any',
    query: byCustomer,
    response: z.object({ remaining: money }),
  }),
  history: defineCall({
    method: 'GET',
    path: '/api/customers/history',
    group: 'first',
    auth: 'any',
    query: byCustomer,
    response: z.array(bookingOrder),
  }),
}
