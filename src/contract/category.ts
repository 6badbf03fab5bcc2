import * as z from 'zod/mini'
import { id, imageList, slug, sortOrder, translatedText } from './common'

/** docs/product/3-entities.md Category: a group of services on /services/:category. */
export const category = z.object({
  id,
  slug,
  order: sortOrder,
  /** our addition: a category's name, since every listing prints one */
  name: z._default(translatedText, {}),
  description: z._default(translatedText, {}),
  images: imageList,
  /** the articles of the category, with the slug that builds their URL */
  articles: z._default(z.array(z.object({ id, slug })), []),
})
export type Category = z.infer<typeof category>

export const categoryBody = z.omit(category, { id: true })
