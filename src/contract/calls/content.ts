import * as z from 'zod/mini'
import { alert, alertBody } from '../alert'
import { closedDay, openDay } from '../calendar-day'
import { defineCall } from '../call'
import { slug } from '../common'
import { coupon, couponApplyRequest, couponApplyResponse } from '../coupon'
import { event, eventBody } from '../event'
import { post, postBody, postCategory, postCategoryBody } from '../post'
import {
  createCall,
  crudCalls,
  FIRST_PROVIDER,
  FIRST_PUBLIC,
  listCall,
  removeCall,
  updateCall,
} from './crud'
import { postPreviewCalls } from './post-preview'

/**
 * docs/product/7-calls.md Content: what the build pulls for every tenant (posts, events, alerts, coupons, days)
 * and what providers write. Lists are public: the company header scopes them.
 */

const posts = crudCalls('/api/posts', postBody, post, 'first', 'none')
const postCategories = crudCalls(
  '/api/postcategories',
  postCategoryBody,
  postCategory,
  'first',
  'none',
)

export const contentCalls = {
  alertsList: listCall('/api/alerts', alert, FIRST_PUBLIC),
  alertsCreate: createCall('/api/alerts', alertBody, alert, FIRST_PROVIDER),
  alertsUpdate: updateCall('/api/alerts', alertBody, alert, FIRST_PROVIDER),
  alertsRemove: removeCall('/api/alerts', FIRST_PROVIDER),

  postsList: posts.list,
  postsBySlug: defineCall({
    method: 'GET',
    path: '/api/posts/slug/:slug',
    ...FIRST_PUBLIC,
    params: z.object({ slug }),
    response: post,
  }),
  postsGet: posts.get,
  postsCreate: posts.create,
  postsUpdate: posts.update,
  postsRemove: posts.remove,
  ...postPreviewCalls,

  postCategoriesList: postCategories.list,
  postCategoriesGet: postCategories.get,
  postCategoriesCreate: postCategories.create,
  postCategoriesUpdate: postCategories.update,
  postCategoriesRemove: postCategories.remove,

  closedDays: listCall('/api/closeddays', closedDay, FIRST_PUBLIC),
  openDays: listCall('/api/opendays', openDay, FIRST_PUBLIC),

  eventsList: listCall('/api/events', event, FIRST_PUBLIC),
  eventsCreate: createCall('/api/events', eventBody, event, FIRST_PROVIDER),

  couponsList: listCall('/api/coupons', coupon, FIRST_PUBLIC),
  couponsApply: defineCall({
    method: 'POST',
    path: '/api/coupons/apply',
    group: 'first',
    auth: 'optional',
    body: couponApplyRequest,
    response: couponApplyResponse,
  }),
}
