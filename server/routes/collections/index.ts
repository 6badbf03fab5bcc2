import { collectionsCalls as calls } from '#contract/calls/collections.ts'
import type { ContentRow } from '#server/db/schema/index.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import type { Wire } from '#server/kernel/index.ts'
import { notFound } from '#server/kernel/index.ts'
import {
  listContent,
  removeCollectionSchema,
  removeContent,
  saveCollectionItem,
  saveCollectionSchema,
  toEntity,
} from '#server/services/content/index.ts'
import { crudRoutes, listRoute } from '../crud.ts'

/**
 * Collections (docs/decisions/084-collections-and-theme-editor.md): the schemas' public list and
 * CRUD, the items by type and their CRUD. Reads and deletes of items are the generic content
 * routes; schema writes and item writes go through the content module's collection rules.
 */

const noSchema = () => notFound('No such collection.')
const noItem = () => notFound('No such item.')

const entity = <D extends (typeof calls)[keyof typeof calls]>(def: D, row: ContentRow) =>
  toEntity(def.response, row) as Wire<D['response']>

export const collectionsRoutes: RouteSpec[] = [
  listRoute('collectionSchemas', calls.schemasPublic),
  ...crudRoutes('collectionSchemas', { list: calls.schemasList, get: calls.schemasGet }),
  handle(calls.schemasCreate, async ({ c, company, body }) => {
    const row = await saveCollectionSchema(c.var.deps, company, undefined, body)
    if (!row) throw noSchema()
    return entity(calls.schemasCreate, row)
  }),
  handle(calls.schemasUpdate, async ({ c, company, params, body }) => {
    const row = await saveCollectionSchema(c.var.deps, company, params.id, body)
    if (!row) throw noSchema()
    return entity(calls.schemasUpdate, row)
  }),
  handle(calls.schemasRemove, async ({ c, company, params }) => {
    if (!(await removeCollectionSchema(c.var.deps, company, params.id))) throw noSchema()
    return { ok: true }
  }),

  // a type the company has no collection of is unknown (404), not an empty list
  handle(calls.itemsByType, async ({ c, company, params }) => {
    const schemas = await listContent(c.var.deps.db, company.id, 'collectionSchemas', {
      type: params.type,
    })
    if (schemas.length === 0) throw noSchema()
    const rows = await listContent(c.var.deps.db, company.id, 'collectionItems', {
      type: params.type,
    })
    return rows.map((row) => entity(calls.itemsGet, row))
  }),
  ...crudRoutes('collectionItems', { get: calls.itemsGet }),
  handle(calls.itemsCreate, async ({ c, company, body }) => {
    const row = await saveCollectionItem(c.var.deps, company, undefined, body)
    if (!row) throw noItem()
    return entity(calls.itemsCreate, row)
  }),
  handle(calls.itemsUpdate, async ({ c, company, params, body }) => {
    const row = await saveCollectionItem(c.var.deps, company, params.id, body)
    if (!row) throw noItem()
    return entity(calls.itemsUpdate, row)
  }),
  handle(calls.itemsRemove, async ({ c, company, params }) => {
    if (!(await removeContent(c.var.deps, company, 'collectionItems', params.id))) throw noItem()
    return { ok: true }
  }),
]
