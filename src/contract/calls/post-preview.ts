import * as z from 'zod/mini'
import { defineCall } from '../call'
import { id, instant } from '../common'
import { post } from '../post'
import { FIRST_PROVIDER } from './crud'

/**
 * Post preview (docs/decisions/082-post-preview.md): a company user (owner or manager) asks a
 * token for a post, published or not; the site, opened with `?previewpost=<token>` in a
 * browser holding a company user's session, reads the post with that token and the bearer and
 * renders it at run time. The token travels in the body, never in an API address (logs).
 */
export const previewToken = z.string().check(z.minLength(20), z.maxLength(200))

export const postPreviewCalls = {
  postsPreviewCreate: defineCall({
    method: 'POST',
    path: '/api/posts/:id/preview',
    ...FIRST_PROVIDER,
    params: z.object({ id }),
    response: z.object({ previewToken, expiresAt: instant }),
  }),
  postsPreview: defineCall({
    method: 'POST',
    path: '/api/posts/preview',
    ...FIRST_PROVIDER,
    body: z.object({ previewToken }),
    response: post,
  }),
}
