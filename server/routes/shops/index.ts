import { shopsCalls } from '#contract/calls/catalogue-shops.ts'
import type { ShopInput } from '#contract/shop.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { forbidden, notFound } from '#server/kernel/index.ts'
import { listContent, saveContent, toEntity } from '#server/services/content/index.ts'
import { noGeocoder, nominatimGeocoder } from '#server/services/geocoding/index.ts'
import { companyWide, shopWrite } from '../catalogue-guard.ts'
import { crudRoutes } from '../crud.ts'
import { articleLinkRoutes } from '../links.ts'
import { shopGuard } from './shop-guard.ts'

/** Shops (docs/product/7-calls.md Catalogue): public reads, provider writes, back-office pairing. */
export const shopsRoutes: RouteSpec[] = [
  ...crudRoutes('shops', shopsCalls, shopGuard),
  ...articleLinkRoutes(
    'shops',
    { link: shopsCalls.linkArticle, unlink: shopsCalls.unlinkArticle },
    shopWrite,
  ),

  /** The back-office shops are those known by an artebeauteId (no back office is wired in). */
  handle(shopsCalls.artebeaute, async ({ c, company }) => {
    const rows = await listContent(c.var.deps.db, company.id, 'shops')
    return rows.flatMap((row) => {
      const shop = toEntity(shopsCalls.get.response, row)
      return shop.artebeauteId
        ? [{ artebeauteId: shop.artebeauteId, name: shop.publicInfo.name }]
        : []
    })
  }),

  /** Those who may edit a shop may look its address up; a practitioner edits none. */
  handle(shopsCalls.geocode, async ({ c, body, staff }) => {
    if ((await staff()).scope.role === 'practitioner') throw forbidden('No shop to edit.')
    const { geocoderUrl, log } = c.var.deps.config
    const geocoder = geocoderUrl ? nominatimGeocoder(geocoderUrl, log) : noGeocoder
    return { position: (await geocoder.locate(body)) ?? null }
  }),

  handle(shopsCalls.pairArtebeaute, async ({ c, company, body, staff }) => {
    await companyWide({ staff, db: c.var.deps.db, companyId: company.id, op: 'update' })
    const rows = await listContent(c.var.deps.db, company.id, 'shops')
    const row = rows.find((r) => String(r.data.artebeauteId) === body.artebeauteId)
    if (!row) throw notFound('No shop with this artebeauteId.')
    const data: Partial<ShopInput> = { ...row.data, webId: body.webId }
    const saved = await saveContent(c.var.deps, company, 'shops', row.id, data)
    if (!saved) throw notFound('No shop with this artebeauteId.')
    return toEntity(shopsCalls.pairArtebeaute.response, saved)
  }),
]
