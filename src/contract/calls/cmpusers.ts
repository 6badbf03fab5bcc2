import * as z from 'zod/mini'
import {
  loginRequest,
  newPasswordRequest,
  providerLoginResponse,
  providerRegisterRequest,
  resetTokenResponse,
} from '../auth'
import { defineCall } from '../call'
import { ack, email, id, line } from '../common'
import { provider, studioRole } from '../customer'
import { FIRST_OWNER, FIRST_PROVIDER, FIRST_PUBLIC, getCall, removeCall, updateCall } from './crud'

/**
 * docs/product/7-calls.md Company users (providers). The startup section spells the me path
 * /api/cmp-users/me; the company-users section says /api/cmpusers/me. Both are served, one answer
 * (docs/decisions/063-last-partial-rows-of-the-api.md): the site's start-up check of a restored
 * provider session calls the start-up path.
 */

const tokenParams = z.object({ token: z.string().check(z.minLength(16)) })
const providerUpdate = z.object({
  email,
  firstname: line.check(z.minLength(1)),
  lastname: line.check(z.minLength(1)),
  /** absent: unchanged (docs/decisions/072-studio-roles.md) */
  studioRole: z.optional(studioRole),
  /** a practitioner's own resources (employees); absent: unchanged */
  resourceIds: z.optional(z.array(id).check(z.maxLength(50))),
})

export const cmpusersCalls = {
  me: defineCall({
    method: 'GET',
    path: '/api/cmpusers/me',
    ...FIRST_PROVIDER,
    response: provider,
  }),
  /** the same `me` at the start-up section's path */
  startupMe: defineCall({
    method: 'GET',
    path: '/api/cmp-users/me',
    ...FIRST_PROVIDER,
    response: provider,
  }),
  login: defineCall({
    method: 'POST',
    path: '/api/cmpusers/login',
    ...FIRST_PUBLIC,
    body: loginRequest,
    response: providerLoginResponse,
  }),
  register: defineCall({
    method: 'POST',
    path: '/api/cmpusers/register',
    ...FIRST_OWNER,
    body: providerRegisterRequest,
    response: provider,
  }),
  /** links the company user :id to a back-office shop */
  link: defineCall({
    method: 'POST',
    path: '/api/cmpusers/link/:id',
    ...FIRST_OWNER,
    params: z.object({ id }),
    body: z.object({ artebeauteId: id }),
    response: provider,
  }),
  tokenGet: defineCall({
    method: 'GET',
    path: '/api/cmpusers/token/:token',
    ...FIRST_PUBLIC,
    params: tokenParams,
    response: resetTokenResponse,
  }),
  tokenPut: defineCall({
    method: 'PUT',
    path: '/api/cmpusers/token/:token',
    ...FIRST_PUBLIC,
    params: tokenParams,
    body: newPasswordRequest,
    response: ack,
  }),
  list: defineCall({
    method: 'GET',
    path: '/api/cmpusers',
    ...FIRST_OWNER,
    response: z.array(provider),
  }),
  get: getCall('/api/cmpusers', provider, FIRST_OWNER),
  update: updateCall('/api/cmpusers', providerUpdate, provider, FIRST_OWNER),
  remove: removeCall('/api/cmpusers', FIRST_OWNER),
}
