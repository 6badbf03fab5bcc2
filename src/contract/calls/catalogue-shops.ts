import * as z from 'zod/mini'
import { defineCall } from '../call'
import { category, categoryBody } from '../category'
import { id, slug } from '../common'
import { coordinates, geoGroupment, shop, shopAddress, shopBody } from '../shop'
import { articleLinkBody, linkCalls, shopLinkBody } from './catalogue-links'
import { crudCalls, FIRST_PROVIDER, FIRST_PUBLIC } from './crud'

/** docs/product/7-calls.md categories, shops and geogroupments: public reads, provider writes. */

const categories = crudCalls('/api/categories', categoryBody, category, 'first', 'none')
const categoryLinks = linkCalls('categories', 'article', articleLinkBody, category)

export const categoriesCalls = {
  ...categories,
  bySlug: defineCall({
    method: 'GET',
    path: '/api/categories/slug/:slug',
    ...FIRST_PUBLIC,
    params: z.object({ slug }),
    response: category,
  }),
  linkArticle: categoryLinks.link,
  unlinkArticle: categoryLinks.unlink,
}

const shops = crudCalls('/api/shops', shopBody, shop, 'first', 'none')
const shopLinks = linkCalls('shops', 'article', articleLinkBody, shop)

export const shopsCalls = {
  ...shops,
  bySlug: defineCall({
    method: 'GET',
    path: '/api/shops/slug/:slug',
    ...FIRST_PUBLIC,
    params: z.object({ slug }),
    response: shop,
  }),
  linkArticle: shopLinks.link,
  unlinkArticle: shopLinks.unlink,
  /** back-office shops, to pair with site shops */
  artebeaute: defineCall({
    method: 'GET',
    path: '/api/shops/artebeaute',
    ...FIRST_PROVIDER,
    response: z.array(z.object({ artebeauteId: id, name: z.string() })),
  }),
  /**
   * Where an address lies, from the deployment's geocoder (docs/decisions/083-catalogue-checks.md):
   * null when it is not found or no geocoder is set, and the studio asks for the position by hand.
   */
  geocode: defineCall({
    method: 'POST',
    path: '/api/shops/geocode',
    ...FIRST_PROVIDER,
    body: shopAddress,
    response: z.object({ position: z.nullable(coordinates) }),
  }),
  /** pairs the back-office shop with the site shop webId */
  pairArtebeaute: defineCall({
    method: 'PUT',
    path: '/api/shops/artebeaute',
    ...FIRST_PROVIDER,
    body: z.object({ artebeauteId: id, webId: z.string().check(z.minLength(1)) }),
    response: shop,
  }),
}

const geo = crudCalls(
  '/api/geogroupments',
  z.omit(geoGroupment, { id: true }),
  geoGroupment,
  'first',
  'none',
)
const geoLinks = linkCalls('geogroupments', 'shop', shopLinkBody, geoGroupment)

export const geogroupmentsCalls = {
  ...geo,
  linkShop: geoLinks.link,
  unlinkShop: geoLinks.unlink,
}
