import * as z from 'zod/mini'
import { loginError, loginRequest, password } from '../auth'
import { defineCall } from '../call'
import { email, id, line } from '../common'
import { accessAccount } from '../customer'
import { removeCall } from './crud'

/** docs/product/7-calls.md Access: the third account kind, served by the marketplace group (docs/product/8-errors.md). */

/** managing access accounts is the owner's (docs/decisions/072-studio-roles.md) */
const MANAGER = { group: 'marketplace', auth: 'provider', ownerOnly: true } as const

const accessRegister = z.object({ email, password, name: line.check(z.minLength(1)) })
const accessUpdate = z.object({
  email,
  name: line.check(z.minLength(1)),
  /** absent: the password is unchanged */
  password: z.optional(password),
})

export const accessCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/access',
    ...MANAGER,
    response: z.array(accessAccount),
  }),
  register: defineCall({
    method: 'POST',
    path: '/api/access/u/register',
    ...MANAGER,
    body: accessRegister,
    response: accessAccount,
  }),
  update: defineCall({
    method: 'PUT',
    path: '/api/access/u/register/:id',
    ...MANAGER,
    params: z.object({ id }),
    body: accessUpdate,
    response: accessAccount,
  }),
  login: defineCall({
    method: 'POST',
    path: '/api/access/login',
    group: 'marketplace',
    auth: 'none',
    body: loginRequest,
    response: z.union([z.object({ token: z.string(), access: accessAccount }), loginError]),
  }),
  remove: removeCall('/api/access', MANAGER),
  /** the signed-in access account; :id must be the bearer's own */
  me: defineCall({
    method: 'GET',
    path: '/api/access/me/:id',
    group: 'marketplace',
    auth: 'access',
    params: z.object({ id }),
    response: accessAccount,
  }),
}
