import { contentCalls } from '#contract/calls/content.ts'
import { post } from '#contract/post.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { notFound } from '#server/kernel/index.ts'
import { findContent, listContent, toEntity } from '#server/services/content/index.ts'
import { matchesFilters, readPostFilters } from './filters.ts'
import { postPreviewRoutes } from './preview.ts'
import { seesUnpublished } from './viewer.ts'
import { postWriteRoutes } from './write.ts'

/**
 * Magazine posts (docs/product/7-calls.md Content): public reads leave out unpublished posts unless a provider
 * of the company asks; writes (owner and managers, bodies cleaned: write.ts) publish a `posts`
 * webhook through saveContent; previews at run time behind a token (preview.ts).
 */
const { postsList, postsGet, postsBySlug } = contentCalls

const noSuchPost = () => notFound('No such post.')

export const postsRoutes: RouteSpec[] = [
  ...postWriteRoutes,
  ...postPreviewRoutes,

  handle(postsList, async ({ c, company }) => {
    const filters = readPostFilters(c)
    const rows = await listContent(c.var.deps.db, company.id, 'posts', {
      publishedOnly: !(await seesUnpublished(c, company)),
    })
    return rows.filter((row) => matchesFilters(row.data, filters)).map((row) => toEntity(post, row))
  }),

  ...[postsGet, postsBySlug].map((def) =>
    handle(def, async ({ c, company, params }) => {
      const key = 'id' in params ? { id: params.id } : { slug: params.slug }
      const row = await findContent(c.var.deps.db, company.id, 'posts', key, {
        publishedOnly: !(await seesUnpublished(c, company)),
      })
      if (!row) throw noSuchPost()
      return toEntity(post, row)
    }),
  ),
]
