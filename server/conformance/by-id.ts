import type { CallEntry } from '#contract/calls/index.ts'
import type { AccountKind } from '#server/db/schema/index.ts'
import type { CallOptions } from '#server/test/harness.ts'
import { callKey, sendsCompany } from './bad-input-cases.ts'
import type { ForeignRows } from './foreign-rows.ts'
import { pathWith, validParts } from './samples.ts'
import type { Tenant } from './sessions.ts'

/**
 * The by-id calls of the contract, each aimed at company B's row with company A's session: the
 * path params (`:id`, `:slug`, `:token`, `:code`...) and the query keys that name a row
 * (`ideorder`, `appointmentId`, `customerId`...) get B's values. Which value a param takes is
 * decided by the path; a param this file cannot place throws, naming the call, so a new by-id
 * call is never skipped silently.
 */

/** `:id` by the path it sits in (longest prefix first). */
const ID_BY_PREFIX: readonly (readonly [string, (r: ForeignRows, b: Tenant) => string])[] = [
  ['/api/access/', (_, b) => b.ids.access],
  ['/api/alerts/', (r) => r.alert],
  ['/api/articles/', (r) => r.service],
  ['/api/calendar/', (r) => r.bookingOrder],
  ['/api/categories/', (r) => r.category],
  ['/api/closeddays/', (r) => r.closedDay],
  ['/api/collections/items/', (r) => r.collectionItem],
  ['/api/collections/schemas/', (r) => r.collectionSchema],
  ['/api/cmpusers/', (_, b) => b.ids.provider],
  ['/api/companies/', (_, b) => b.token],
  ['/api/consentements/', (r) => r.consentForm],
  ['/api/coupons/', (r) => r.coupon],
  ['/api/dossiers/', (r) => r.dossier],
  ['/api/eshop/my-orders/', (r) => r.eshopOrder],
  ['/api/eshop/shop-stock/', (r) => r.product],
  ['/api/eshop/stock/', (r) => r.product],
  ['/api/eshopcategories/', (r) => r.eshopCategory],
  ['/api/events/', (r) => r.event],
  ['/api/geogroupments/', (r) => r.geogroupment],
  ['/api/medias/', (r) => r.media],
  ['/api/gifts/', (r) => r.gift],
  ['/api/needles/', (r) => r.needle],
  ['/api/opendays/', (r) => r.openDay],
  ['/api/payment/success/', (r) => r.cart],
  ['/api/pigments/', (r) => r.pigment],
  ['/api/postcategories/', (r) => r.postCategory],
  ['/api/posts/', (r) => r.post],
  ['/api/prestations/', (r) => r.prestation],
  ['/api/resources/', (r) => r.resource],
  ['/api/shops/', (r) => r.shop],
]

const SLUG_BY_PREFIX: readonly (readonly [string, (r: ForeignRows) => string])[] = [
  ['/api/articles/', (r) => r.serviceSlug],
  ['/api/categories/', (r) => r.categorySlug],
  ['/api/posts/', (r) => r.postSlug],
  ['/api/resources/', (r) => r.resourceSlug],
  ['/api/shops/', (r) => r.shopSlug],
]

/** Query keys that name a row, and B's row they take. */
const QUERY_IDS: Readonly<Record<string, (r: ForeignRows, b: Tenant) => string>> = {
  appointmentId: (r) => r.appointment,
  artebeauteId: (_, b) => b.ids.customer,
  customerId: (_, b) => b.ids.customer,
  dossierId: (r) => r.dossier,
  ideorder: (r) => r.ideorder,
  idgift: (r) => r.gift,
  payId: (r) => r.cart,
  servicesId: (r) => r.service,
  shopId: (r) => r.shop,
  userId: (_, b) => b.ids.customer,
}

const byPrefix = <T>(table: readonly (readonly [string, T])[], path: string) =>
  table.find(([prefix]) => path.startsWith(prefix))?.[1]

function paramValue(path: string, name: string, r: ForeignRows, a: Tenant, b: Tenant): string {
  switch (name) {
    case 'id': {
      const pick = byPrefix(ID_BY_PREFIX, path)
      if (pick) return pick(r, b)
      break
    }
    case 'slug': {
      const pick = byPrefix(SLUG_BY_PREFIX, path)
      if (pick) return pick(r)
      break
    }
    case 'token':
      if (path.startsWith('/api/users/')) return r.customerResetToken
      if (path.startsWith('/api/cmpusers/')) return r.providerResetToken
      break
    case 'code':
      return r.giftCode
    case 'type':
      return r.collectionType
    case 'serviceId':
      return r.service
    case 'cartId':
      return r.liveCart
    case 'ids':
      return r.product
    case 'qty':
      return '1'
    case 'host':
      return b.host
    // The callback names its company in the path: A's own, with B's cart as payId.
    case 'companyToken':
      return a.token
  }
  throw new Error(`${path}: no foreign value for :${name}; add it to conformance/by-id.ts`)
}

/** A value that names nothing anywhere, of the same form (the "unknown id" control). */
export function unknownLike(value: string, name: string): string {
  if (name === 'qty' || name === 'companyToken') return value
  if (name === 'token') return 'Z'.repeat(43)
  if (name === 'host') return 'nobody.localhost'
  return `no-such-${name.toLowerCase()}`
}

export interface ByIdCall {
  readonly entry: CallEntry
  readonly key: string
  /** B's values, by param or query key. */
  readonly params: Record<string, string>
  readonly query: Record<string, string>
  /** Which keys hold B's values (the rest are plain valid samples). */
  readonly foreignKeys: readonly string[]
}

const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '')

/**
 * Path params that name no row of any company, with why: the same names exist in every company
 * and the caller's own company is always the one read or written.
 */
const NOT_ROW_PARAMS: Readonly<Record<string, string>> = {
  name: 'a key store name (STRIPE_SECRET_KEY...): each company writes its own, server/routes/companies/key-store.test.ts',
}

/** Whether the call names a row: a path param, or a required query key of QUERY_IDS. */
export function isById(entry: CallEntry): boolean {
  const sample = validParts(callKey(entry), entry.def)
  const rowParams = pathParams(entry.def.path).filter((name) => !(name in NOT_ROW_PARAMS))
  return rowParams.length > 0 || Object.keys(sample.query).some((k) => k in QUERY_IDS)
}

/** The call with B's values in place of every id it takes. */
export function byIdCall(entry: CallEntry, r: ForeignRows, a: Tenant, b: Tenant): ByIdCall {
  const { def } = entry
  const key = callKey(entry)
  const names = pathParams(def.path)
  const sample = validParts(key, def)
  const queryKeys = Object.keys(sample.query).filter((name) => name in QUERY_IDS)
  const params = Object.fromEntries(
    names.map((name) => [name, paramValue(def.path, name, r, a, b)]),
  )
  const query = { ...sample.query }
  for (const name of queryKeys) query[name] = QUERY_IDS[name]?.(r, b) ?? ''
  const foreignKeys = [...names.filter((n) => n !== 'qty' && n !== 'companyToken'), ...queryKeys]
  return { entry, key, params, query, foreignKeys }
}

/** The path of the call with B's values, or with unknown ones in their place. */
export function pathOf(call: ByIdCall, unknown = false): string {
  const swap = (values: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        unknown && call.foreignKeys.includes(name) ? unknownLike(value, name) : value,
      ]),
    )
  return pathWith(call.entry.def, swap(call.params), swap(call.query))
}

/**
 * The sessions of `tenant` a by-id call is tried with: its own kind; public calls as a visitor
 * and as a provider (public reads show drafts to the company's providers); optional and any
 * calls as a customer and as a provider. The most privileged comes last.
 */
export function sessionsFor(
  entry: CallEntry,
  tenant: Tenant,
): { who: string; options: CallOptions }[] {
  const { def } = entry
  const company = sendsCompany(entry) ? { company: tenant.token } : {}
  const as = (kind: AccountKind) => ({
    who: `${tenant.host} ${kind}`,
    options: { method: def.method, ...company, bearer: tenant.bearers[kind] },
  })
  if (def.auth === 'none') {
    const visitor = { who: `${tenant.host} visitor`, options: { method: def.method, ...company } }
    return [visitor, as('provider')]
  }
  if (def.auth === 'optional' || def.auth === 'any') return [as('customer'), as('provider')]
  if (def.auth === 'platform') {
    const options = { method: def.method, ...company, bearer: tenant.platformBearer }
    return [{ who: 'platform administrator', options }]
  }
  return [as(def.auth)]
}
