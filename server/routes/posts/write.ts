import { contentCalls } from '#contract/calls/content.ts'
import { post } from '#contract/post.ts'
import { mayEditSite } from '#domain/studio/site-editing.ts'
import type { JsonObject } from '#server/db/schema/index.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { forbidden, notFound } from '#server/kernel/index.ts'
import {
  cleanRichText,
  removeContent,
  saveContent,
  toEntity,
} from '#server/services/content/index.ts'
import type { Staff } from '#server/services/orders/index.ts'

/**
 * Post writes (docs/decisions/082-post-preview.md): a company user who edits the site (owner or
 * manager), the body cleaned by the site's tenant HTML policy before it is kept, and the
 * `posts` publish event recorded with the row (saveContent), so a save rebuilds as before.
 */
const { postsCreate, postsUpdate, postsRemove } = contentCalls
const noSuchPost = () => notFound('No such post.')

export async function requireSiteEditor(staff: () => Promise<Staff>): Promise<void> {
  if (!mayEditSite((await staff()).scope)) {
    throw forbidden("The site's pages are edited by the owner and managers.")
  }
}

type PostInput = { body: Record<string, string | undefined> } & Record<string, unknown>

const cleaned = (input: PostInput): JsonObject =>
  ({ ...input, body: cleanRichText(input.body) }) as JsonObject

export const postWriteRoutes: RouteSpec[] = [
  handle(postsCreate, async ({ c, company, body, staff }) => {
    await requireSiteEditor(staff)
    const row = await saveContent(c.var.deps, company, 'posts', undefined, cleaned(body))
    if (!row) throw noSuchPost()
    return toEntity(post, row)
  }),
  handle(postsUpdate, async ({ c, company, params, body, staff }) => {
    await requireSiteEditor(staff)
    const row = await saveContent(c.var.deps, company, 'posts', params.id, cleaned(body))
    if (!row) throw noSuchPost()
    return toEntity(post, row)
  }),
  handle(postsRemove, async ({ c, company, params, staff }) => {
    await requireSiteEditor(staff)
    if (!(await removeContent(c.var.deps, company, 'posts', params.id))) throw noSuchPost()
    return { ok: true as const }
  }),
]
