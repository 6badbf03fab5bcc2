import * as z from 'zod/mini'
import { bookingOrder } from '../booking-order'
import { defineCall } from '../call'
import { ack, id, money, paginated } from '../common'
import { backOfficeCustomer } from '../customer'
import { customerArchive, customerProfile, notesText } from '../customer-files'
import { eshopOrder } from '../eshop'
import { FIRST_CUSTOMER, FIRST_OWNER, FIRST_PROVIDER } from './crud'

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
  /** the studio's customer profile: identity, staff notes, loyalty points, vouchers bought */
  profile: defineCall({
    method: 'GET',
    path: '/api/customers/profile',
    ...FIRST_PROVIDER,
    query: byCustomer,
    response: customerProfile,
  }),
  /**
   * the customer's e-shop orders with their bills, for the studio (the owner's: all; a manager's:
   * their shops'; a practitioner's: none, an order names no resource)
   */
  eshopOrders: defineCall({
    method: 'GET',
    path: '/api/customers/eshop-orders',
    ...FIRST_PROVIDER,
    query: byCustomer,
    response: z.array(eshopOrder),
  }),
  /** the staff's notes on a customer (never shown to the customer) */
  notes: defineCall({
    method: 'PUT',
    path: '/api/customers/notes',
    ...FIRST_PROVIDER,
    body: z.object({ artebeauteId: id, notes: notesText }),
    response: ack,
  }),
  /** everything held on a customer, one JSON archive (docs/decisions/079-customer-files-and-erasure.md) */
  exportData: defineCall({
    method: 'GET',
    path: '/api/customers/export',
    ...FIRST_OWNER,
    query: byCustomer,
    response: customerArchive,
  }),
  /** erasure on request: personal data and files go, orders stay anonymised (decision 079) */
  erase: defineCall({
    method: 'POST',
    path: '/api/customers/erase',
    ...FIRST_OWNER,
    body: byCustomer,
    response: z.object({ erased: z.literal(true), keptOrders: z.int(), keptLotUses: z.int() }),
  }),
}
