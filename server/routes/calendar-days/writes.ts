import type { CallDef } from '#contract/call.ts'
import type { Db } from '#server/db/client.ts'
import type { JsonObject } from '#server/db/schema/index.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import type { Wire } from '#server/kernel/index.ts'
import { notFound } from '#server/kernel/index.ts'
import {
  findContent,
  removeContent,
  saveContent,
  toEntity,
} from '#server/services/content/index.ts'
import { perShop } from '../catalogue-guard.ts'

type DayKind = 'closedDays' | 'openDays'

interface DayCalls {
  readonly create: CallDef
  readonly update: CallDef
  readonly remove: CallDef
}

/**
 * Writes of one kind of calendar day (docs/decisions/087-studio-shops-and-team.md). The role
 * guard is the resources' (`perShop`: a day of the manager's shops, before and after the
 * change; a day of every shop, null, is the owner's) and runs before anything is read. The shop
 * it names must be this company's (another's is unknown, 404). saveContent records the
 * `calendar` publish event and the write forgets the company's cached availability (app.ts).
 */
export function dayWriteRoutes(kind: DayKind, entity: CallDef['response'], calls: DayCalls) {
  const guard = perShop(kind)
  const missing = () => notFound(`No such ${kind === 'closedDays' ? 'closed' : 'open'} day.`)
  const asWire = <D extends CallDef>(_def: D, value: unknown) => value as Wire<D['response']>

  async function assertShop(db: Db, companyId: number, body: JsonObject): Promise<void> {
    const shopId = body.shopId
    if (typeof shopId !== 'string') return
    if (!(await findContent(db, companyId, 'shops', { id: shopId }))) {
      throw notFound('No such shop.')
    }
  }

  const routes: RouteSpec[] = [
    handle(calls.create, async ({ c, company, body, staff }) => {
      const { db } = c.var.deps
      const data = body as JsonObject
      await guard({ staff, db, companyId: company.id, op: 'create', body: data })
      await assertShop(db, company.id, data)
      const row = await saveContent(c.var.deps, company, kind, undefined, data)
      if (!row) throw missing()
      return asWire(calls.create, toEntity(entity, row))
    }),
    handle(calls.update, async ({ c, company, params, body, staff }) => {
      const { db } = c.var.deps
      const { id } = params as { id: string }
      const data = body as JsonObject
      await guard({ staff, db, companyId: company.id, op: 'update', id, body: data })
      await assertShop(db, company.id, data)
      const row = await saveContent(c.var.deps, company, kind, id, data)
      if (!row) throw missing()
      return asWire(calls.update, toEntity(entity, row))
    }),
    handle(calls.remove, async ({ c, company, params, staff }) => {
      const { id } = params as { id: string }
      await guard({ staff, db: c.var.deps.db, companyId: company.id, op: 'remove', id })
      if (!(await removeContent(c.var.deps, company, kind, id))) throw missing()
      return asWire(calls.remove, { ok: true })
    }),
  ]
  return routes
}
