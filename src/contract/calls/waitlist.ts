import * as z from 'zod/mini'
import { defineCall } from '../call'
import { ack, id } from '../common'
import {
  waitlistEntry,
  waitlistJoinRequest,
  waitlistOfferRequest,
  waitlistOfferResponse,
} from '../waitlist'
import { FIRST_CUSTOMER } from './crud'

/** our addition (docs/decisions/040-waitlist.md): the waitlist of a full day, customer bearer. */

export const waitlistCalls = {
  /** joins the line of a day without a free slot for the visit */
  join: defineCall({
    method: 'POST',
    path: '/api/waitlist',
    ...FIRST_CUSTOMER,
    body: waitlistJoinRequest,
    response: waitlistEntry,
  }),
  /** the customer's entries, newest day first */
  list: defineCall({
    method: 'GET',
    path: '/api/waitlist',
    ...FIRST_CUSTOMER,
    response: z.array(waitlistEntry),
  }),
  /** leaves an entry (its held slot, if any, is released) */
  leave: defineCall({
    method: 'DELETE',
    path: '/api/waitlist',
    ...FIRST_CUSTOMER,
    query: z.object({ entryId: id }),
    response: ack,
  }),
  /** the offer link: reads the offer and, when nothing is to pay, books it */
  offer: defineCall({
    method: 'POST',
    path: '/api/waitlist/offer',
    ...FIRST_CUSTOMER,
    body: waitlistOfferRequest,
    response: waitlistOfferResponse,
  }),
}
