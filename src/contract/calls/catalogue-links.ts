import * as z from 'zod/mini'
import { type CallAuth, defineCall, type ServiceGroup } from '../call'
import { id } from '../common'
import { idParams } from '../query'

/**
 * Link and unlink calls (docs/product/7-calls.md): /api/<owner>/link/<item>/:id attaches one item (`<item>Id`)
 * or several (`<item>sId`) to the owner :id; unlink mirrors it. Both return the owner.
 */

export const articleLinkBody = z.union([
  z.object({ articleId: id }),
  z.object({ articlesId: z.array(id).check(z.minLength(1)) }),
])

export const shopLinkBody = z.union([
  z.object({ shopId: id }),
  z.object({ shopsId: z.array(id).check(z.minLength(1)) }),
])

const PROVIDER = { group: 'first', auth: 'provider' } as const satisfies {
  group: ServiceGroup
  auth: CallAuth
}

export function linkCalls<
  const O extends string,
  const I extends string,
  B extends z.ZodMiniType,
  E extends z.ZodMiniType,
>(owner: O, item: I, body: B, entity: E) {
  return {
    link: defineCall({
      method: 'POST',
      path: `/api/${owner}/link/${item}/:id`,
      ...PROVIDER,
      params: idParams,
      body,
      response: entity,
    }),
    unlink: defineCall({
      method: 'POST',
      path: `/api/${owner}/unlink/${item}/:id`,
      ...PROVIDER,
      params: idParams,
      body,
      response: entity,
    }),
  }
}
