import type * as z from 'zod/mini'
import { alert } from '#contract/alert.ts'
import { articleRecord } from '#contract/article.ts'
import { closedDay, openDay } from '#contract/calendar-day.ts'
import { category } from '#contract/category.ts'
import { collectionItem, collectionSchema } from '#contract/collection.ts'
import { company } from '#contract/company.ts'
import { coupon } from '#contract/coupon.ts'
import { accessAccount, customer, provider } from '#contract/customer.ts'
import { eshopCategory } from '#contract/eshop.ts'
import { event } from '#contract/event.ts'
import { post, postCategory } from '#contract/post.ts'
import { resource } from '#contract/resource.ts'
import { geoGroupment, shop } from '#contract/shop.ts'
import { summarizeIssues } from '#server/http/validate.ts'
import type { AccountKind, ContentKind, JsonObject } from '../schema/index.ts'

/**
 * The contract schema each tenant file must satisfy. Loyalty programs have no contract schema of
 * their own (only tiers and cards do), so they are stored as written.
 */
const SCHEMAS: Readonly<Partial<Record<ContentKind | 'company' | AccountKind, z.ZodMiniType>>> = {
  company,
  customer,
  provider,
  access: accessAccount,
  shops: shop,
  geogroupments: geoGroupment,
  categories: category,
  articles: articleRecord,
  resources: resource,
  posts: post,
  postCategories: postCategory,
  events: event,
  alerts: alert,
  coupons: coupon,
  closedDays: closedDay,
  openDays: openDay,
  eshopCategories: eshopCategory,
  collectionSchemas: collectionSchema,
  collectionItems: collectionItem,
}

export interface Invalid {
  readonly kind: string
  readonly index: number
  readonly message: string
}

/** The entities of a kind that break the contract, with a readable reason each. */
export function findInvalid(
  kind: keyof typeof SCHEMAS,
  entities: readonly JsonObject[],
): Invalid[] {
  const schema = SCHEMAS[kind]
  if (!schema) return []
  return entities.flatMap((entity, index) => {
    const result = schema.safeParse(entity)
    return result.success
      ? []
      : [{ kind, index, message: summarizeIssues(`${kind}[${index}]`, result.error.issues) }]
  })
}
