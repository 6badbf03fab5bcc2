import * as z from 'zod/mini'
import { type CallAuth, defineCall, type ServiceGroup } from '../call'
import { ack } from '../common'
import { idParams } from '../query'

/**
 * Builders for the list/get/create/update/remove calls that many resources share, so every
 * resource spells them the same way. Each keeps the literal path, group and auth in its type.
 * PUT replaces: its body is the full create body.
 */

type Schema = z.ZodMiniType

interface Access<G extends ServiceGroup, A extends CallAuth> {
  readonly group: G
  readonly auth: A
  readonly ownerOnly?: true
}

export function listCall<
  const P extends string,
  E extends Schema,
  const G extends ServiceGroup,
  const A extends CallAuth,
>(path: P, entity: E, access: Access<G, A>) {
  return defineCall({ method: 'GET', path, ...access, response: z.array(entity) })
}

export function getCall<
  const P extends string,
  E extends Schema,
  const G extends ServiceGroup,
  const A extends CallAuth,
>(base: P, entity: E, access: Access<G, A>) {
  return defineCall({
    method: 'GET',
    path: `${base}/:id`,
    ...access,
    params: idParams,
    response: entity,
  })
}

export function createCall<
  const P extends string,
  B extends Schema,
  E extends Schema,
  const G extends ServiceGroup,
  const A extends CallAuth,
>(path: P, body: B, entity: E, access: Access<G, A>) {
  return defineCall({ method: 'POST', path, ...access, body, response: entity })
}

export function updateCall<
  const P extends string,
  B extends Schema,
  E extends Schema,
  const G extends ServiceGroup,
  const A extends CallAuth,
>(base: P, body: B, entity: E, access: Access<G, A>) {
  return defineCall({
    method: 'PUT',
    path: `${base}/:id`,
    ...access,
    params: idParams,
    body,
    response: entity,
  })
}

export function removeCall<
  const P extends string,
  const G extends ServiceGroup,
  const A extends CallAuth,
>(base: P, access: Access<G, A>) {
  return defineCall({
    method: 'DELETE',
    path: `${base}/:id`,
    ...access,
    params: idParams,
    response: ack,
  })
}

/** The five calls of a resource managed by providers and read by anyone (or by `read`). */
export function crudCalls<
  const P extends string,
  B extends Schema,
  E extends Schema,
  const G extends ServiceGroup,
  const R extends CallAuth,
>(base: P, body: B, entity: E, group: G, read: R) {
  const write = { group, auth: 'provider' } as const
  return {
    list: listCall(base, entity, { group, auth: read }),
    get: getCall(base, entity, { group, auth: read }),
    create: createCall(base, body, entity, write),
    update: updateCall(base, body, entity, write),
    remove: removeCall(base, write),
  }
}

export const FIRST_PUBLIC = { group: 'first', auth: 'none' } as const
export const FIRST_PROVIDER = { group: 'first', auth: 'provider' } as const
export const FIRST_CUSTOMER = { group: 'first', auth: 'customer' } as const
/** a company user's call that only the owner may make (docs/decisions/072-studio-roles.md) */
export const FIRST_OWNER = { group: 'first', auth: 'provider', ownerOnly: true } as const
