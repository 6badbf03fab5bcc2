import * as z from 'zod/mini'
import { defineCall } from '../call'
import {
  collectionItem,
  collectionItemBody,
  collectionSchema,
  collectionSchemaBody,
} from '../collection'
import { slug } from '../common'
import { createCall, getCall, listCall, removeCall, updateCall } from './crud'

/**
 * The spec's collections (docs/product/7-calls.md marketplace services; decision 084): schemas
 * (the public list the site is built from, and their CRUD) and items (listed by type, read,
 * created, updated, deleted). Reads are public: the site shows them; writes are a company
 * user's, as every other content (decision 072).
 */
const PUBLIC = { group: 'marketplace', auth: 'none' } as const
const STAFF = { group: 'marketplace', auth: 'provider' } as const

const SCHEMAS = '/api/collections/schemas'
const ITEMS = '/api/collections/items'

export const collectionsCalls = {
  schemasPublic: listCall(`${SCHEMAS}/public`, collectionSchema, PUBLIC),
  schemasList: listCall(SCHEMAS, collectionSchema, STAFF),
  schemasGet: getCall(SCHEMAS, collectionSchema, STAFF),
  schemasCreate: createCall(SCHEMAS, collectionSchemaBody, collectionSchema, STAFF),
  schemasUpdate: updateCall(SCHEMAS, collectionSchemaBody, collectionSchema, STAFF),
  /** refused while the type still has items (409 collectionInUse): they would be orphans */
  schemasRemove: removeCall(SCHEMAS, STAFF),
  itemsByType: defineCall({
    method: 'GET',
    path: `${ITEMS}/type/:type`,
    ...PUBLIC,
    params: z.object({ type: slug }),
    response: z.array(collectionItem),
  }),
  itemsGet: getCall(ITEMS, collectionItem, PUBLIC),
  itemsCreate: createCall(ITEMS, collectionItemBody, collectionItem, STAFF),
  itemsUpdate: updateCall(ITEMS, collectionItemBody, collectionItem, STAFF),
  itemsRemove: removeCall(ITEMS, STAFF),
}
