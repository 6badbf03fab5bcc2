import * as z from 'zod/mini'
import { article, articleBody, articleRecord, articleType } from '../article'
import { defineCall } from '../call'
import { slug } from '../common'
import { crudCalls, FIRST_PROVIDER, FIRST_PUBLIC } from './crud'

/** docs/product/7-calls.md articles. Every response goes through `article`, so weekprices is already swapped. */

const typeQuery = z.object({ type: z.optional(articleType) })
const crud = crudCalls('/api/articles', articleBody, article, 'first', 'none')

export const articlesCalls = {
  /** back-office articles not necessarily published on the site */
  artebeaute: defineCall({
    method: 'GET',
    path: '/api/articles/artebeaute',
    ...FIRST_PROVIDER,
    query: typeQuery,
    response: z.array(article),
  }),
  /**
   * ours: the articles as stored, drafts included, week price NOT swapped in, so the studio's
   * forms can show and write both prices (docs/decisions/092-week-prices-and-online-booking.md).
   * The owner and managers; a practitioner is refused (403).
   */
  records: defineCall({
    method: 'GET',
    path: '/api/articles/records',
    ...FIRST_PROVIDER,
    query: typeQuery,
    response: z.array(articleRecord),
  }),
  /** type=2 lists the e-shop's products */
  list: defineCall({
    method: 'GET',
    path: '/api/articles',
    ...FIRST_PUBLIC,
    query: typeQuery,
    response: z.array(article),
  }),
  bySlug: defineCall({
    method: 'GET',
    path: '/api/articles/slug/:slug',
    ...FIRST_PUBLIC,
    params: z.object({ slug }),
    response: article,
  }),
  get: crud.get,
  create: crud.create,
  update: crud.update,
  remove: crud.remove,
}
