import { resourcesCalls } from '#contract/calls/catalogue.ts'
import { resource } from '#contract/resource.ts'
import type { Db } from '#server/db/client.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { notFound } from '#server/kernel/index.ts'
import { findContent, listContent, saveContent, toEntity } from '#server/services/content/index.ts'
import { perShop } from '../catalogue-guard.ts'
import { crudRoutes } from '../crud.ts'

/**
 * Bookable resources (docs/product/7-calls.md Catalogue): employees (type 100) and cabins of a shop, read and
 * written by providers only (they hold working hours). Writes publish a `catalogue` webhook.
 */
const { list, get, bySlug, create, update, remove, artebeaute } = resourcesCalls

/** A resource belongs to a shop of the same company: another company's shop id is unknown. */
async function assertShop(db: Db, companyId: number, shopId: string): Promise<void> {
  if (!(await findContent(db, companyId, 'shops', { id: shopId }))) throw notFound('No such shop.')
}

const noSuchResource = () => notFound('No such resource.')
const guard = perShop('resources')

export const resourcesRoutes: RouteSpec[] = [
  ...crudRoutes('resources', { list, get, bySlug, remove }, guard),

  handle(create, async ({ c, company, body, staff }) => {
    await guard({ staff, db: c.var.deps.db, companyId: company.id, op: 'create', body })
    await assertShop(c.var.deps.db, company.id, body.shopId)
    const row = await saveContent(c.var.deps, company, 'resources', undefined, body)
    if (!row) throw noSuchResource()
    return toEntity(resource, row)
  }),

  handle(update, async ({ c, company, params, body, staff }) => {
    const db = c.var.deps.db
    await guard({ staff, db, companyId: company.id, op: 'update', id: params.id, body })
    await assertShop(c.var.deps.db, company.id, body.shopId)
    const row = await saveContent(c.var.deps, company, 'resources', params.id, body)
    if (!row) throw noSuchResource()
    return toEntity(resource, row)
  }),

  /**
   * The employees (type 100) or cabins (their type) of a shop as the booking screens list
   * them. Resources without a back-office id are known by their own id.
   */
  handle(artebeaute, async ({ c, company, query }) => {
    const { db } = c.var.deps
    await assertShop(db, company.id, query.shopId)
    const rows = await listContent(db, company.id, 'resources', { type: String(query.type) })
    return rows.flatMap((row) => {
      const parsed = resource.safeParse(toEntity(resource, row))
      if (!parsed.success || parsed.data.shopId !== query.shopId) return []
      const { artebeauteId, displayName, visible } = parsed.data
      return [{ artebeauteId: artebeauteId ?? row.id, displayName, visible }]
    })
  }),
]
