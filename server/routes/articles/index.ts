import { articleRecord } from '#contract/article.ts'
import { articlesCalls } from '#contract/calls/catalogue-articles.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { forbidden } from '#server/kernel/index.ts'
import { listContent, toEntity } from '#server/services/content/index.ts'
import { companyWide } from '../catalogue-guard.ts'
import { crudRoutes } from '../crud.ts'

/**
 * Articles (docs/product/7-calls.md Catalogue): services (type 1 and 4) and products (type 2). Rows carry
 * weekprices as stored; the `article` schema swaps it in on the client (docs/product/3-entities.md).
 */
export const articlesRoutes: RouteSpec[] = [
  ...crudRoutes(
    'articles',
    {
      get: articlesCalls.get,
      bySlug: articlesCalls.bySlug,
      create: articlesCalls.create,
      update: articlesCalls.update,
      remove: articlesCalls.remove,
    },
    companyWide,
  ),
  // Public list: published articles only, optionally one type (type=2: the e-shop's products).
  handle(articlesCalls.list, async ({ c, company, query }) => {
    const rows = await listContent(c.var.deps.db, company.id, 'articles', {
      publishedOnly: true,
      type: query.type,
    })
    return rows.map((row) => toEntity(articlesCalls.get.response, row))
  }),
  // The studio's forms: stored records, week price kept apart (decision 092); not practitioners'.
  handle(articlesCalls.records, async ({ c, company, query, staff }) => {
    const user = await staff()
    if (user.scope.role === 'practitioner')
      throw forbidden("The catalogue is the owner's and managers'.")
    const rows = await listContent(c.var.deps.db, company.id, 'articles', { type: query.type })
    return rows.map((row) => toEntity(articleRecord, row))
  }),
  // Back office: drafts included.
  handle(articlesCalls.artebeaute, async ({ c, company, query }) => {
    const rows = await listContent(c.var.deps.db, company.id, 'articles', { type: query.type })
    return rows.map((row) => toEntity(articlesCalls.get.response, row))
  }),
]
