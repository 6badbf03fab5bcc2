import * as z from 'zod/mini'
import { defineCall } from '../call'
import { id } from '../common'
import {
  eshopCategory,
  eshopCategoryBody,
  eshopOrder,
  shopStock,
  stock,
  stockVerification,
} from '../eshop'
import { idParams, queryIdList, queryPositiveInt } from '../query'
import {
  createCall,
  FIRST_CUSTOMER,
  FIRST_PROVIDER,
  FIRST_PUBLIC,
  removeCall,
  updateCall,
} from './crud'

/** docs/product/7-calls.md E-shop. Stock look-ups answer 0 on failure on the client side (docs/product/8-errors.md). */

export const eshopCalls = {
  myOrders: defineCall({
    method: 'GET',
    path: '/api/eshop/my-orders',
    ...FIRST_CUSTOMER,
    response: z.array(eshopOrder),
  }),
  myOrder: defineCall({
    method: 'GET',
    path: '/api/eshop/my-orders/:id',
    ...FIRST_CUSTOMER,
    params: idParams,
    response: eshopOrder,
  }),
  categories: defineCall({
    method: 'GET',
    path: '/api/eshopcategories',
    ...FIRST_PUBLIC,
    response: z.array(eshopCategory),
  }),
  /** units of article :id available for a wish of :qty */
  stock: defineCall({
    method: 'GET',
    path: '/api/eshop/stock/:id/:qty',
    ...FIRST_PUBLIC,
    params: z.object({ id, qty: queryPositiveInt }),
    response: stock,
  }),
  /** :ids comma-separated; each must have :qty units */
  verifyStock: defineCall({
    method: 'GET',
    path: '/api/eshop/stock/verify/:ids/:qty',
    ...FIRST_PUBLIC,
    params: z.object({ ids: queryIdList, qty: queryPositiveInt }),
    response: stockVerification,
  }),
  /** ours (docs/decisions/088-studio-products-and-service-options.md): the owner's writes */
  createCategory: createCall(
    '/api/eshopcategories',
    eshopCategoryBody,
    eshopCategory,
    FIRST_PROVIDER,
  ),
  updateCategory: updateCall(
    '/api/eshopcategories',
    eshopCategoryBody,
    eshopCategory,
    FIRST_PROVIDER,
  ),
  removeCategory: removeCall('/api/eshopcategories', FIRST_PROVIDER),
  /** ours: a product's units per shop, the shops the user may see (decision 088) */
  shopStock: defineCall({
    method: 'GET',
    path: '/api/eshop/shop-stock/:id',
    ...FIRST_PROVIDER,
    params: idParams,
    response: z.array(shopStock),
  }),
  /** ours: sets a product's units at a shop (owner, or that shop's manager; decision 088) */
  setShopStock: defineCall({
    method: 'PUT',
    path: '/api/eshop/shop-stock/:id',
    ...FIRST_PROVIDER,
    params: idParams,
    body: shopStock,
    response: shopStock,
  }),
}
