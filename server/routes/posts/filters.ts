import * as z from 'zod/mini'
import { type Post, postLang } from '#contract/post.ts'
import type { ApiContext } from '#server/http/types.ts'
import { parseInput } from '#server/http/validate.ts'

/**
 * Optional filters of GET /api/posts, in the vocabulary of the Post contract: `lang` keeps the
 * posts published in that language (or in 'all'), `position` those promoted there (or 'all').
 * The call description declares no query (the build pulls every post and filters itself), so
 * they are read here; a value outside the contract's vocabulary is still a 400.
 */
const postFilters = z.object({
  lang: z.optional(postLang),
  position: z.optional(z.enum(['home', 'shop', 'all'])),
})
export type PostFilters = z.infer<typeof postFilters>

export function readPostFilters(c: ApiContext): PostFilters {
  const { lang, position } = Object.fromEntries(new URL(c.req.url).searchParams)
  return parseInput(postFilters, { lang, position }, 'query')
}

/** Posts as stored (input shape: lang and position may be absent and then take defaults). */
type StoredPost = Partial<Pick<Post, 'lang' | 'position'>>

export function matchesFilters(data: StoredPost, filters: PostFilters): boolean {
  const langs = data.lang ?? ['all']
  const position = data.position ?? 'all'
  if (filters.lang && !langs.includes(filters.lang) && !langs.includes('all')) return false
  if (filters.position && position !== filters.position && position !== 'all') return false
  return true
}
