import type * as z from 'zod/mini'
import { alert } from '../../../src/contract/alert.ts'
import { articleRecord } from '../../../src/contract/article.ts'
import { closedDay, openDay } from '../../../src/contract/calendar-day.ts'
import { category } from '../../../src/contract/category.ts'
import { company } from '../../../src/contract/company.ts'
import { coupon } from '../../../src/contract/coupon.ts'
import { accessAccount, customer, provider } from '../../../src/contract/customer.ts'
import { eshopCategory } from '../../../src/contract/eshop.ts'
import { event } from '../../../src/contract/event.ts'
import { post, postCategory } from '../../../src/contract/post.ts'
import { resource } from '../../../src/contract/resource.ts'
import { geoGroupment, shop } from '../../../src/contract/shop.ts'
import { summarizeIssues } from '../../http/validate.ts'
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
