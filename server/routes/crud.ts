import type { CallDef } from '#contract/call.ts'
import type { ContentKind, JsonObject } from '#server/db/schema/index.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import type { Wire } from '#server/kernel/index.ts'
import { notFound } from '#server/kernel/index.ts'
import {
  findContent,
  listContent,
  removeContent,
  saveContent,
  toEntity,
} from '#server/services/content/index.ts'
import type { WriteGuard } from './catalogue-guard.ts'

/**
 * The routes every content resource shares, from its call descriptions: lists and reads scoped
 * by company (public ones without drafts), and provider writes that publish a webhook.
 */
export interface CrudCalls {
  readonly list?: CallDef
  readonly get?: CallDef
  readonly bySlug?: CallDef
  readonly create?: CallDef
  readonly update?: CallDef
  readonly remove?: CallDef
}

/** Only a call that demands a provider session sees drafts and unpublished rows. */
const publishedOnly = (def: CallDef) => def.auth !== 'provider'

const missing = (kind: ContentKind) => notFound(`No such ${kind.replace(/s$/, '')}.`)

/** Rows are data plus id; the route's response check (dev/test) holds them to the contract. */
const asWire = <D extends CallDef>(_def: D, value: unknown) => value as Wire<D['response']>

export function listRoute<D extends CallDef>(
  kind: ContentKind,
  def: D,
  typeOf?: (query: unknown) => string | undefined,
): RouteSpec {
  return handle(def, async ({ c, company, query }) => {
    const rows = await listContent(c.var.deps.db, company.id, kind, {
      publishedOnly: publishedOnly(def),
      type: typeOf?.(query),
    })
    return asWire(
      def,
      rows.map((row) => toEntity(def.response, row)),
    )
  })
}

/** `guard` (the catalogue's, by role) runs before a create, update or remove writes anything. */
export function crudRoutes(kind: ContentKind, calls: CrudCalls, guard?: WriteGuard): RouteSpec[] {
  const specs: RouteSpec[] = []
  if (calls.list) specs.push(listRoute(kind, calls.list))
  for (const def of [calls.get, calls.bySlug]) {
    if (!def) continue
    specs.push(
      handle(def, async ({ c, company, params }) => {
        const by = params as { id?: string; slug?: string }
        const key = by.id !== undefined ? { id: by.id } : { slug: by.slug ?? '' }
        const row = await findContent(c.var.deps.db, company.id, kind, key, {
          publishedOnly: publishedOnly(def),
        })
        if (!row) throw missing(kind)
        return asWire(def, toEntity(def.response, row))
      }),
    )
  }
  if (calls.create) {
    const def = calls.create
    specs.push(
      handle(def, async ({ c, company, body, staff }) => {
        const data = body as JsonObject
        await guard?.({ staff, db: c.var.deps.db, companyId: company.id, op: 'create', body: data })
        const row = await saveContent(c.var.deps, company, kind, undefined, data)
        if (!row) throw missing(kind)
        return asWire(def, toEntity(def.response, row))
      }),
    )
  }
  if (calls.update) {
    const def = calls.update
    specs.push(
      handle(def, async ({ c, company, params, body, staff }) => {
        const { id } = params as { id: string }
        const data = body as JsonObject
        await guard?.({
          staff,
          db: c.var.deps.db,
          companyId: company.id,
          op: 'update',
          id,
          body: data,
        })
        const row = await saveContent(c.var.deps, company, kind, id, data)
        if (!row) throw missing(kind)
        return asWire(def, toEntity(def.response, row))
      }),
    )
  }
  if (calls.remove) {
    const def = calls.remove
    specs.push(
      handle(def, async ({ c, company, params, staff }) => {
        const { id } = params as { id: string }
        const first = await guard?.({
          staff,
          db: c.var.deps.db,
          companyId: company.id,
          op: 'remove',
          id,
        })
        if (!(await removeContent(c.var.deps, company, kind, id, first ?? undefined))) {
          throw missing(kind)
        }
        return asWire(def, { ok: true })
      }),
    )
  }
  return specs
}
