import * as z from 'zod/mini'
import { defineCall } from '../call'
import { ack, id, paginated } from '../common'
import { gift, giftCheckResponse, giftResendRequest, giftUsage } from '../gift'
import { pageQuery } from '../query'
import { FIRST_CUSTOMER, FIRST_PUBLIC } from './crud'

/** docs/product/7-calls.md Gifts: vouchers bought by the signed-in customer, and code checks. */

export const giftsCalls = {
  /**
   * How many times the voucher :code was used for service :serviceId, for
   * the gift limit the appointments query checks.
   */
  nbUsed: defineCall({
    method: 'GET',
    path: '/api/gifts/nbused/:code/:serviceId',
    ...FIRST_PUBLIC,
    params: z.object({ code: z.string().check(z.minLength(1)), serviceId: id }),
    response: giftUsage,
  }),
  check: defineCall({
    method: 'GET',
    path: '/api/gifts/check/:code',
    ...FIRST_PUBLIC,
    params: z.object({ code: z.string().check(z.minLength(1)) }),
    response: giftCheckResponse,
  }),
  history: defineCall({
    method: 'GET',
    path: '/api/gifts/giftHistory',
    ...FIRST_CUSTOMER,
    query: pageQuery,
    response: paginated(gift),
  }),
  list: defineCall({
    method: 'GET',
    path: '/api/gifts',
    ...FIRST_CUSTOMER,
    response: z.array(gift),
  }),
  resend: defineCall({
    method: 'POST',
    path: '/api/gifts/:id/resend',
    ...FIRST_CUSTOMER,
    params: z.object({ id }),
    body: giftResendRequest,
    response: ack,
  }),
}
