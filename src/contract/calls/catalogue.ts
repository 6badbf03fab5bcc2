import * as z from 'zod/mini'
import { availabilityEntry } from '../availability'
import { defineCall } from '../call'
import { id, slug } from '../common'
import { queryInt } from '../query'
import { resource, resourceBody } from '../resource'
import { articlesCalls } from './catalogue-articles'
import { categoriesCalls, geogroupmentsCalls, shopsCalls } from './catalogue-shops'
import { crudCalls, FIRST_PROVIDER } from './crud'

/** docs/product/7-calls.md Catalogue: one object for articles, categories, shops, geogroupments, resources. */

const resources = crudCalls('/api/resources', resourceBody, resource, 'first', 'provider')

export const resourcesCalls = {
  ...resources,
  /** docs/product/7-calls.md "resources: slug lookups"; providers only, as every resource read */
  bySlug: defineCall({
    method: 'GET',
    path: '/api/resources/slug/:slug',
    ...FIRST_PROVIDER,
    params: z.object({ slug }),
    response: resource,
  }),
  /** back-office employees (type 100) or cabins of a shop, as the booking screens list them */
  artebeaute: defineCall({
    method: 'GET',
    path: '/api/resources/artebeaute',
    ...FIRST_PROVIDER,
    query: z.object({ shopId: id, type: queryInt }),
    response: z.array(availabilityEntry),
  }),
}

/** Five groups of calls; calls/index.ts spreads them so every group stays one flat object. */
export const catalogueCalls = {
  articles: articlesCalls,
  categories: categoriesCalls,
  shops: shopsCalls,
  geogroupments: geogroupmentsCalls,
  resources: resourcesCalls,
}
