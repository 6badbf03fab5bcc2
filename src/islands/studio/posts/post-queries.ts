import type { Post } from '#contract/post'

/** The magazine's server state in the studio (docs/decisions/082-post-preview.md). */
export const postKeys = {
  posts: ['studio', 'posts'] as const,
  categories: ['studio', 'post-categories'] as const,
  company: ['studio', 'company'] as const,
}

/** What the editor sends: the post without its id (the contract's post body). */
export type PostDraft = Omit<Post, 'id'>

export const emptyDraft = (): PostDraft => ({
  slug: '',
  title: {},
  summary: {},
  body: {},
  images: [],
  published: false,
  lang: ['all'],
  position: 'all',
  linkedShop: null,
  vedette: { active: false },
})
