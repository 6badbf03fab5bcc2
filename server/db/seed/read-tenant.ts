import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AccountKind, ContentKind, JsonObject } from '../schema/index.ts'

/**
 * A demo tenant as it sits on disk: tenants/<host>/company.json plus one JSON file per content
 * kind (an array, or one object for loyalty.json) and users.json. Missing files are empty lists.
 */
export interface TenantData {
  readonly host: string
  readonly company: JsonObject
  readonly content: Readonly<Record<ContentKind, readonly JsonObject[]>>
  readonly users: readonly UserSeed[]
  /** loyalty.json `cards`: the customers' cards, loaded into loyalty_cards (seed/commerce.ts) */
  readonly loyaltyCards: readonly LoyaltyCardSeed[]
}

export interface LoyaltyCardSeed {
  /** the account id of users.json */
  readonly userId: string
  readonly number: string | undefined
  readonly points: number
  readonly createdAt: string | undefined
}

export interface UserSeed {
  readonly kind: AccountKind
  readonly id: string | undefined
  readonly email: string
  readonly phone: string | undefined
  /** Demo passwords are written in clear in tenants/ and hashed by the seed. */
  readonly password: string | undefined
  readonly profile: JsonObject
}

/** File names per kind; the first that exists is read. */
export const CONTENT_FILES: Readonly<Record<ContentKind, readonly string[]>> = {
  shops: ['shops.json'],
  geogroupments: ['geogroupments.json'],
  categories: ['categories.json'],
  articles: ['articles.json'],
  resources: ['resources.json'],
  posts: ['posts.json'],
  postCategories: ['postcategories.json', 'post-categories.json'],
  events: ['events.json'],
  alerts: ['alerts.json'],
  coupons: ['coupons.json'],
  loyaltyPrograms: ['loyalty.json'],
  closedDays: ['closed-days.json'],
  openDays: ['open-days.json'],
  eshopCategories: ['eshop-categories.json'],
  collectionSchemas: ['collection-schemas.json'],
  collectionItems: ['collection-items.json'],
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

function readList(dir: string, names: readonly string[]): JsonObject[] {
  const name = names.find((candidate) => existsSync(join(dir, candidate)))
  if (name === undefined) return []
  const value = readJson(join(dir, name))
  const list = Array.isArray(value) ? value : [value]
  if (!list.every(isObject)) throw new Error(`${join(dir, name)}: expected objects`)
  return list
}

/** loyalty.json carries the customers' cards too: they are per-customer data, not the program. */
function loyaltyProgram({ cards: _cards, ...program }: JsonObject): JsonObject {
  return { id: 'default', ...program }
}

/** The cards of loyalty.json; entries without a user are skipped, points below 0 read as 0. */
function loyaltyCards(programs: readonly JsonObject[]): LoyaltyCardSeed[] {
  return programs.flatMap((program) =>
    (Array.isArray(program.cards) ? program.cards : []).filter(isObject).flatMap((card) => {
      const { userId, number, points, createdAt } = card
      if (typeof userId !== 'string' && typeof userId !== 'number') return []
      return [
        {
          userId: String(userId),
          number: typeof number === 'string' && number !== '' ? number : undefined,
          points: typeof points === 'number' && Number.isInteger(points) ? Math.max(points, 0) : 0,
          createdAt: typeof createdAt === 'string' ? createdAt : undefined,
        },
      ]
    }),
  )
}

/** Geogroupments are embedded in shops; a geogroupments.json, if any, adds or overrides them. */
function geogroupments(shops: readonly JsonObject[], listed: readonly JsonObject[]) {
  const byId = new Map<string, JsonObject>()
  for (const group of [...shops.map((shop) => shop.geoGroupment).filter(isObject), ...listed]) {
    if (group.id !== undefined && group.id !== null) byId.set(String(group.id), group)
  }
  return [...byId.values()]
}

const KINDS = new Set<string>(['customer', 'provider', 'access'])

function userSeed(entry: JsonObject, fallbackKind: AccountKind): UserSeed {
  const { id, kind, email, password, phone, token: _token, ...profile } = entry
  if (typeof email !== 'string' || email === '') throw new Error('users.json: a user has no email')
  const profiles = Array.isArray(profile.profiles) ? profile.profiles.filter(isObject) : []
  const firstPhone = profiles[0]?.phone
  return {
    kind: typeof kind === 'string' && KINDS.has(kind) ? (kind as AccountKind) : fallbackKind,
    id: id === undefined || id === null ? undefined : String(id),
    email: email.trim().toLowerCase(),
    phone:
      typeof phone === 'string' ? phone : typeof firstPhone === 'string' ? firstPhone : undefined,
    password: typeof password === 'string' ? password : undefined,
    profile,
  }
}

/** users.json: a list (kind per entry, customer by default) or {customers, providers, access}. */
function readUsers(dir: string): UserSeed[] {
  const path = join(dir, 'users.json')
  if (!existsSync(path)) return []
  const value = readJson(path)
  if (Array.isArray(value)) return value.filter(isObject).map((u) => userSeed(u, 'customer'))
  if (!isObject(value)) throw new Error(`${path}: expected a list or an object`)
  const group = (key: string, kind: AccountKind) =>
    (Array.isArray(value[key]) ? value[key] : []).filter(isObject).map((u) => userSeed(u, kind))
  return [
    ...group('customers', 'customer'),
    ...group('providers', 'provider'),
    ...group('access', 'access'),
  ]
}

export function readTenant(dir: string, host: string): TenantData {
  const company = readJson(join(dir, 'company.json'))
  if (!isObject(company)) throw new Error(`${dir}/company.json: expected an object`)
  const content = Object.fromEntries(
    Object.entries(CONTENT_FILES).map(([kind, names]) => [kind, readList(dir, names)]),
  ) as Record<ContentKind, JsonObject[]>
  const cards = loyaltyCards(content.loyaltyPrograms)
  content.loyaltyPrograms = content.loyaltyPrograms.map(loyaltyProgram)
  content.geogroupments = geogroupments(content.shops, content.geogroupments)
  return {
    host: host.toLowerCase(),
    company,
    content,
    users: readUsers(dir),
    loyaltyCards: cards,
  }
}

/** Every tenant folder (one holding a company.json), sorted so runs are deterministic. */
export function listTenants(root: string): string[] {
  if (!existsSync(root)) return []
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'company.json')))
    .map((entry) => entry.name)
    .sort()
}
