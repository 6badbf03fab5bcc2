import type * as z from 'zod/mini'
import type { CallDef } from '#contract/call.ts'
import { limitBody, type RouteSpec } from '#server/http/route.ts'
import type { ApiContext } from '#server/http/types.ts'
import { parseInput, readJsonBody, summarizeIssues } from '#server/http/validate.ts'
import type { Wire } from '#server/kernel/index.ts'
import { Refusal } from '#server/kernel/index.ts'
import {
  type AdminSession,
  requireOwner,
  resolveAdminSession,
} from '#server/services/orders/index.ts'

type Out<S> = S extends z.ZodMiniType ? z.output<S> : undefined

export interface AdminInput<D extends CallDef> {
  readonly c: ApiContext
  readonly session: AdminSession
  readonly query: Out<D['query']>
  readonly body: Out<D['body']>
}

/**
 * http/route.ts for the bookingAdmin group: no company header, so the company comes from the
 * provider bearer (services/orders/admin-session.ts) instead of the header; then the same
 * steps: input validated with the call's schemas before the handler, the reply checked against
 * the contract outside production, errors normalised for the group (docs/product/8-errors.md: raw, top level).
 */
export function handleAdmin<const D extends CallDef>(
  def: D,
  handler: (input: AdminInput<D>) => Promise<Wire<D['response']>>,
): RouteSpec {
  return {
    path: def.path,
    register(app) {
      app.on(def.method, def.path, limitBody(def.group), async (c) => {
        c.set('group', def.group)
        const { deps } = c.var
        const session = await resolveAdminSession(
          deps.db,
          c.req.header('authorization'),
          c.req.header('company'),
        )
        c.set('company', session.company)
        c.set('subject', undefined)
        if (def.ownerOnly) requireOwner(session.staff)
        const query = def.query
          ? parseInput(def.query, Object.fromEntries(new URL(c.req.url).searchParams), 'query')
          : undefined
        const body = def.body
          ? parseInput(def.body, await readJsonBody(c.req.raw), 'body')
          : undefined
        const input = { c, session, query, body } as AdminInput<D>
        const result = await handler(input)
        if (deps.config.validateResponses) {
          const checked = def.response.safeParse(result)
          if (!checked.success) {
            const message = summarizeIssues('response', checked.error.issues)
            deps.config.log(`contract violation ${def.method} ${def.path}: ${message}`)
            throw new Refusal(500, 'invalidResponse', message)
          }
        }
        return c.json(result as object)
      })
    },
  }
}
