import { contentCalls } from '#contract/calls/content.ts'
import { post } from '#contract/post.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { clock, notFound } from '#server/kernel/index.ts'
import {
  findContent,
  keepPostPreview,
  previewedPostId,
  toEntity,
} from '#server/services/content/index.ts'
import { requireSiteEditor } from './write.ts'

/**
 * Post preview at run time (docs/decisions/082-post-preview.md). A token is asked for a post of
 * the company by a site editor; the post is read with it by a company user of that company
 * only (the call's provider auth: no session, a customer or another company's user is 401
 * before the token is looked at). A wrong, expired or other post's token is 404, as an unknown
 * post. Nothing here writes content or publishes.
 */
const { postsPreviewCreate, postsPreview } = contentCalls
const noSuchPreview = () => notFound('No such post preview.')

export const postPreviewRoutes: RouteSpec[] = [
  handle(postsPreviewCreate, async ({ c, company, params, staff }) => {
    await requireSiteEditor(staff)
    const { db } = c.var.deps
    const row = await findContent(db, company.id, 'posts', { id: params.id })
    if (!row) throw notFound('No such post.')
    return keepPostPreview(db, company.id, row.id, clock.now())
  }),
  handle(postsPreview, async ({ c, company, body }) => {
    const { db } = c.var.deps
    const postId = await previewedPostId(db, company.id, body.previewToken, clock.now())
    const row =
      postId === undefined ? undefined : await findContent(db, company.id, 'posts', { id: postId })
    if (!row) throw noSuchPreview()
    return toEntity(post, row)
  }),
]
