import { and, eq, inArray } from 'drizzle-orm'
import type { CallDef } from '#contract/call.ts'
import { type ContentKind, contentTables, type JsonObject } from '#server/db/schema/index.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import type { Wire } from '#server/kernel/index.ts'
import { notFound } from '#server/kernel/index.ts'
import { findContent, saveContent, toEntity } from '#server/services/content/index.ts'
import type { WriteGuard } from './catalogue-guard.ts'

type ArticleLinkBody = { articleId: string } | { articlesId: string[] }
interface ArticleRef {
  id: string
  slug: string
}

const idsOf = (body: ArticleLinkBody) => ('articleId' in body ? [body.articleId] : body.articlesId)

const refsOf = (data: JsonObject): ArticleRef[] =>
  (Array.isArray(data.articles) ? data.articles : []).flatMap((ref: unknown) =>
    typeof ref === 'object' && ref !== null && 'id' in ref
      ? [{ id: String(ref.id), slug: 'slug' in ref ? String(ref.slug) : '' }]
      : [],
  )

/**
 * POST /api/<owner>/link/article/:id and .../unlink/article/:id (docs/product/7-calls.md): the owner (a category
 * or a shop) keeps `articles: [{id, slug}]`. Linked articles must exist in the same company; the
 * owner is saved like any write, so the change is published.
 */
export function articleLinkRoutes(
  owner: ContentKind,
  calls: { link: CallDef; unlink: CallDef },
  guard?: WriteGuard,
): RouteSpec[] {
  const make = (def: CallDef, linking: boolean) =>
    handle(def, async ({ c, company, params, body, staff }) => {
      const { db } = c.var.deps
      const { id } = params as { id: string }
      await guard?.({ staff, db, companyId: company.id, op: 'update', id })
      const row = await findContent(db, company.id, owner, { id })
      if (!row) throw notFound(`No such ${owner.replace(/s$/, '')}.`)
      const ids = idsOf(body as ArticleLinkBody)
      const articles = contentTables.articles
      const found = await db
        .select({ id: articles.id, slug: articles.slug })
        .from(articles)
        .where(and(eq(articles.companyId, company.id), inArray(articles.id, ids)))
      if (linking && found.length !== new Set(ids).size) throw notFound('No such article.')
      const current = refsOf(row.data).filter((ref) => !ids.includes(ref.id))
      const added = linking ? found.map((a) => ({ id: a.id, slug: a.slug ?? '' })) : []
      const data = { ...row.data, articles: [...current, ...added] }
      const saved = await saveContent(c.var.deps, company, owner, row.id, data)
      if (!saved) throw notFound()
      return toEntity(def.response, saved) as Wire<typeof def.response>
    })
  return [make(calls.link, true), make(calls.unlink, false)]
}
