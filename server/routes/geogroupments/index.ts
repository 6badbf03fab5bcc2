import { geogroupmentsCalls } from '#contract/calls/catalogue-shops.ts'
import { geoGroupment } from '#contract/shop.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { notFound } from '#server/kernel/index.ts'
import {
  findContent,
  inOneTransaction,
  removeContent,
  saveContent,
  toEntity,
} from '#server/services/content/index.ts'
import { crudRoutes } from '../crud.ts'
import { embeddedCopy, linkShops, syncLinkedShops, unlinkShops } from './shops.ts'

/**
 * Geogroupments (docs/product/7-calls.md Catalogue): areas grouping shops on the marketplace home. Public
 * reads; provider writes, each in one transaction with the shop copies it changes.
 */
const { list, get, create, update, remove, linkShop, unlinkShop } = geogroupmentsCalls

const noSuchGroupment = () => notFound('No such geogroupment.')

type ShopLinkBody = { shopId: string } | { shopsId: string[] }
const shopIdsOf = (body: ShopLinkBody) => ('shopId' in body ? [body.shopId] : body.shopsId)

export const geogroupmentsRoutes: RouteSpec[] = [
  ...crudRoutes('geogroupments', { list, get, create }),

  // The linked shops get the new copy, in the same transaction.
  handle(update, async ({ c, company, params, body }) => {
    const row = await inOneTransaction(c.var.deps, async (deps) => {
      const saved = await saveContent(deps, company, 'geogroupments', params.id, body)
      if (!saved) throw noSuchGroupment()
      await syncLinkedShops(deps, company, saved.id, embeddedCopy(saved))
      return saved
    })
    return toEntity(geoGroupment, row)
  }),

  // A shop never points at a groupment that is gone: its copy is cleared first.
  handle(remove, async ({ c, company, params }) => {
    await inOneTransaction(c.var.deps, async (deps) => {
      await syncLinkedShops(deps, company, params.id, null)
      if (!(await removeContent(deps, company, 'geogroupments', params.id))) {
        throw noSuchGroupment()
      }
    })
    return { ok: true }
  }),

  ...[
    { def: linkShop, apply: linkShops },
    { def: unlinkShop, apply: unlinkShops },
  ].map(({ def, apply }) =>
    handle(def, async ({ c, company, params, body }) => {
      const row = await inOneTransaction(c.var.deps, async (deps) => {
        const groupment = await findContent(deps.db, company.id, 'geogroupments', params)
        if (!groupment) throw noSuchGroupment()
        await apply(deps, company, groupment, shopIdsOf(body))
        return groupment
      })
      return toEntity(geoGroupment, row)
    }),
  ),
]
