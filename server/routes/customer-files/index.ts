import {
  dossiersCalls,
  needlesCalls,
  pigmentsCalls,
  prestationsCalls,
} from '#contract/calls/customer-files.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import {
  dossierService,
  lotUses,
  prestationService,
  stockService,
} from '#server/services/files/index.ts'

/**
 * Customer files (docs/decisions/079-customer-files-and-erasure.md): the spec's marketplace
 * calls for pigments, needles, dossiers and prestations, and the lot search. Company users
 * only; the services apply the studio roles (docs/decisions/072-studio-roles.md).
 */
export const customerFilesRoutes: RouteSpec[] = [
  handle(pigmentsCalls.list, ({ c, company }) =>
    stockService(c.var.deps.db, company.id).listPigments(),
  ),
  handle(pigmentsCalls.get, ({ c, company, params }) =>
    stockService(c.var.deps.db, company.id).getPigment(params.id),
  ),
  handle(pigmentsCalls.create, async ({ c, company, body, staff }) =>
    stockService(c.var.deps.db, company.id).savePigment(await staff(), body),
  ),
  handle(pigmentsCalls.update, async ({ c, company, params, body, staff }) =>
    stockService(c.var.deps.db, company.id).savePigment(await staff(), body, params.id),
  ),
  handle(pigmentsCalls.remove, async ({ c, company, params, staff }) =>
    stockService(c.var.deps.db, company.id).removePigment(await staff(), params.id),
  ),

  handle(needlesCalls.list, ({ c, company }) =>
    stockService(c.var.deps.db, company.id).listNeedles(),
  ),
  handle(needlesCalls.get, ({ c, company, params }) =>
    stockService(c.var.deps.db, company.id).getNeedle(params.id),
  ),
  handle(needlesCalls.create, async ({ c, company, body, staff }) =>
    stockService(c.var.deps.db, company.id).saveNeedle(await staff(), body),
  ),
  handle(needlesCalls.update, async ({ c, company, params, body, staff }) =>
    stockService(c.var.deps.db, company.id).saveNeedle(await staff(), body, params.id),
  ),
  handle(needlesCalls.remove, async ({ c, company, params, staff }) =>
    stockService(c.var.deps.db, company.id).removeNeedle(await staff(), params.id),
  ),

  handle(dossiersCalls.list, async ({ c, company, subject, query, staff }) =>
    dossierService(c.var.deps.db, company.id).list(
      { subject, staff: await staff() },
      query.customerId,
      query.type,
    ),
  ),
  handle(dossiersCalls.get, async ({ c, company, subject, params, staff }) =>
    dossierService(c.var.deps.db, company.id).get({ subject, staff: await staff() }, params.id),
  ),
  handle(dossiersCalls.create, async ({ c, company, subject, body, staff }) =>
    dossierService(c.var.deps.db, company.id).create({ subject, staff: await staff() }, body),
  ),
  handle(dossiersCalls.update, async ({ c, company, subject, params, body, staff }) =>
    dossierService(c.var.deps.db, company.id).update(
      { subject, staff: await staff() },
      params.id,
      body,
    ),
  ),

  handle(prestationsCalls.byLot, async ({ c, company, query, staff }) =>
    lotUses(c.var.deps.db, company.id, await staff(), query.lot),
  ),
  handle(prestationsCalls.list, async ({ c, company, subject, query, staff }) =>
    prestationService(c.var.deps.db, company.id).list(
      { subject, staff: await staff() },
      query.dossierId,
    ),
  ),
  handle(prestationsCalls.get, async ({ c, company, subject, params, staff }) =>
    prestationService(c.var.deps.db, company.id).get({ subject, staff: await staff() }, params.id),
  ),
  handle(prestationsCalls.create, async ({ c, company, subject, body, staff }) =>
    prestationService(c.var.deps.db, company.id).create({ subject, staff: await staff() }, body),
  ),
  handle(prestationsCalls.update, async ({ c, company, subject, params, body, staff }) =>
    prestationService(c.var.deps.db, company.id).update(
      { subject, staff: await staff() },
      params.id,
      body,
    ),
  ),
  handle(prestationsCalls.remove, async ({ c, company, subject, params, staff }) =>
    prestationService(c.var.deps.db, company.id).remove(
      { subject, staff: await staff() },
      params.id,
    ),
  ),
]
