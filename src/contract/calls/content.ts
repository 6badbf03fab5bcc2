import * as z from 'zod/mini'
import { alert, alertBody } from '../alert'
import { closedDay, openDay } from '../calendar-day'
import { defineCall } from '../call'
import { slug } from '../common'
import { coupon, couponApplyRequest, couponApplyResponse, couponBody } from '../coupon'
import { event, eventBody } from '../event'
import { post, postBody, postCategory, postCategoryBody } from '../post'
import {
  createCall,
  crudCalls,
  FIRST_OWNER,
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
  // marketing writes are the owner's (docs/decisions/090-studio-marketing.md)
  alertsCreate: createCall('/api/alerts', alertBody, alert, FIRST_OWNER),
  alertsUpdate: updateCall('/api/alerts', alertBody, alert, FIRST_OWNER),
  alertsRemove: removeCall('/api/alerts', FIRST_OWNER),

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
  eventsCreate: createCall('/api/events', eventBody, event, FIRST_OWNER),
  eventsUpdate: updateCall('/api/events', eventBody, event, FIRST_OWNER),
  eventsRemove: removeCall('/api/events', FIRST_OWNER),

  couponsList: listCall('/api/coupons', coupon, FIRST_PUBLIC),
  /** every coupon with its code, switched-off ones too: the owner's list to edit */
  couponsAll: listCall('/api/coupons/all', coupon, FIRST_OWNER),
  couponsCreate: createCall('/api/coupons', couponBody, coupon, FIRST_OWNER),
  couponsUpdate: updateCall('/api/coupons', couponBody, coupon, FIRST_OWNER),
  couponsRemove: removeCall('/api/coupons', FIRST_OWNER),
  couponsApply: defineCall({
    method: 'POST',
    path: '/api/coupons/apply',
    group: 'first',
    auth: 'optional',
    body: couponApplyRequest,
    response: couponApplyResponse,
  }),
}
