import * as z from 'zod/mini'
import {
  flag,
  id,
  imageList,
  instant,
  languageCode,
  maybe,
  slug,
  sortOrder,
  translatedText,
} from './common'

/**
 * docs/product/3-entities.md Post (magazine). `lang` lists the languages the post is published in ('all' = every
 * language); its texts are translated like every other text.
 */
export const postLang = z.union([languageCode, z.literal('all')])

/** featured between start and end (either may be open) */
export const vedette = z.prefault(
  z.object({
    active: flag(false),
    start: maybe(instant),
    end: maybe(instant),
  }),
  {},
)

const postFields = {
  slug,
  title: translatedText,
  summary: z._default(translatedText, {}),
  /** HTML, sanitised at build time */
  body: z._default(translatedText, {}),
  images: imageList,
  author: maybe(z.string()),
  categoryId: maybe(id),
  published: flag(false),
  publishedAt: maybe(instant),
  lang: z._default(z.array(postLang), ['all']),
  /** where the post is promoted: the home, a shop page, or both */
  position: z._default(z.enum(['home', 'shop', 'all']), 'all'),
  /** the shop whose page shows it (position 'shop'); null: none */
  linkedShop: z._default(z.nullable(id), null),
  vedette,
}

export const post = z.object({ id, ...postFields })
export type Post = z.infer<typeof post>

export const postBody = z.object(postFields)

export const postCategory = z.object({
  id,
  slug,
  name: translatedText,
  order: sortOrder,
})

export type PostCategory = z.infer<typeof postCategory>
export const postCategoryBody = z.omit(postCategory, { id: true })
