import * as z from 'zod/mini'
import { phone } from '../auth'
import { defineCall } from '../call'
import { id } from '../common'
import { customer, customerProfile } from '../customer'
import { link, linkRequest, linkResponse, phoneAvailableResponse, profileBody } from '../link'
import { FIRST_CUSTOMER, FIRST_PROVIDER, FIRST_PUBLIC } from './crud'

/**
 * docs/product/7-calls.md Links and profiles. PUT /api/profiles (profile update) sits in users.ts with the
 * other account calls. Look-ups returning someone's profile are for providers only.
 */

export const linksProfilesCalls = {
  linkCreate: defineCall({
    method: 'POST',
    path: '/api/links',
    ...FIRST_CUSTOMER,
    body: linkRequest,
    response: linkResponse,
  }),
  linksOfUser: defineCall({
    method: 'GET',
    path: '/api/links/get',
    ...FIRST_PROVIDER,
    query: z.object({ userId: id }),
    response: z.array(link),
  }),
  /** used during registration: says only whether the number is free */
  phoneAvailable: defineCall({
    method: 'GET',
    path: '/api/profiles/phoneavailable',
    ...FIRST_PUBLIC,
    query: z.object({ phone }),
    response: phoneAvailableResponse,
  }),
  profileByPhone: defineCall({
    method: 'GET',
    path: '/api/profiles/phone',
    ...FIRST_PROVIDER,
    query: z.object({ phone, country: z.string().check(z.regex(/^[A-Z]{2}$/)) }),
    response: z.nullable(customerProfile),
  }),
  profileByCode: defineCall({
    method: 'GET',
    path: '/api/profiles/code',
    ...FIRST_PROVIDER,
    query: z.object({ code: z.string().check(z.minLength(1)) }),
    response: z.nullable(customerProfile),
  }),
  profileCreate: defineCall({
    method: 'POST',
    path: '/api/profiles',
    ...FIRST_CUSTOMER,
    body: profileBody,
    response: customer,
  }),
}
