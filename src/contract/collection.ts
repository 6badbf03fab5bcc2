import * as z from 'zod/mini'
import { id, languageCode, slug, translatedText } from './common'

/**
 * Collections (docs/decisions/084-collections-and-theme-editor.md): a company defines a content
 * type (its schema: fields with a kind and a label per language, and how the site lays it out)
 * and its items (the team, an FAQ, a price list). The spec names the calls and leaves the
 * fields out; these are ours. An item's values are checked against its schema by one pure rule,
 * src/domain/collections/item-values.ts, on the server and in the studio.
 */

/** What a field holds; `image` is an address (the media library's picker fills it). */
export const COLLECTION_FIELD_KINDS = [
  'text',
  'longText',
  'number',
  'money',
  'boolean',
  'url',
  'image',
] as const
export const collectionFieldKind = z.enum(COLLECTION_FIELD_KINDS)
export type CollectionFieldKind = z.infer<typeof collectionFieldKind>

/** How the site shows the items: cards, a plain list, questions and answers, a price list. */
export const COLLECTION_LAYOUTS = ['cards', 'list', 'faq', 'prices'] as const
export const collectionLayout = z.enum(COLLECTION_LAYOUTS)
export type CollectionLayout = z.infer<typeof collectionLayout>

/** A field's key: how items name its value (lowercase letters, digits, underscores). */
export const fieldKey = z.string().check(z.regex(/^[a-z][a-z0-9_]{0,39}$/))

export const MAX_COLLECTION_FIELDS = 20

export const collectionField = z.object({
  key: fieldKey,
  kind: collectionFieldKind,
  label: translatedText,
  /** text kinds: one value per language (the item writes {fr, en...}) */
  translated: z._default(z.boolean(), false),
  required: z._default(z.boolean(), false),
})
export type CollectionField = z.infer<typeof collectionField>

export const collectionSchemaBody = z.object({
  /** the type items name, and the page's address: /{lang}/collections/{type} */
  type: slug.check(z.maxLength(40)),
  name: translatedText,
  description: z._default(translatedText, {}),
  fields: z.array(collectionField).check(z.minLength(1), z.maxLength(MAX_COLLECTION_FIELDS)),
  layout: z._default(collectionLayout, 'cards'),
  /** a page of its own, and a section on the home page */
  page: z._default(z.boolean(), true),
  home: z._default(z.boolean(), false),
  order: z._default(z.int().check(z.gte(0), z.lte(9999)), 0),
})
export const collectionSchema = z.extend(collectionSchemaBody, { id })
export type CollectionSchema = z.infer<typeof collectionSchema>
export type CollectionSchemaInput = z.input<typeof collectionSchemaBody>

const MAX_VALUE_LENGTH = 4000
const textValue = z.string().check(z.maxLength(MAX_VALUE_LENGTH))

/** One value: a text, a text per language, a number or a flag; its schema says which. */
export const collectionValue = z.union([
  textValue,
  z.partialRecord(languageCode, textValue),
  z.number().check(z.gte(-1e12), z.lte(1e12)),
  z.boolean(),
])
export type CollectionValue = z.infer<typeof collectionValue>

export const collectionItemBody = z.object({
  type: slug.check(z.maxLength(40)),
  values: z.record(fieldKey, collectionValue),
  order: z._default(z.int().check(z.gte(0), z.lte(9999)), 0),
})
export const collectionItem = z.extend(collectionItemBody, { id })
export type CollectionItem = z.infer<typeof collectionItem>
export type CollectionItemInput = z.input<typeof collectionItemBody>
