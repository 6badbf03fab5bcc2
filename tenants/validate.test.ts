import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import type * as z from 'zod/mini'
import {
  alert,
  articleRecord,
  category,
  closedDay,
  company,
  coupon,
  customer,
  eshopCategory,
  event,
  LANGUAGE_CODES,
  loyaltyProgram,
  openDay,
  post,
  postCategory,
  provider,
  resource,
  shop,
} from '#contract/index'

/**
 * The demo tenants of tenants/ against the contracts (src/contract) and against themselves: every
 * file parses, ids are unique within a tenant, references resolve, images exist, translated texts
 * cover the tenant's languages, and each tenant has the shape the architecture page promises.
 */

type Json = Record<string, unknown>

const root = fileURLToPath(new URL('.', import.meta.url))
const hosts = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'company.json')))
  .map((entry) => entry.name)
  .sort()

const LISTS = {
  'shops.json': shop,
  'categories.json': category,
  'articles.json': articleRecord,
  'resources.json': resource,
  'posts.json': post,
  'postcategories.json': postCategory,
  'events.json': event,
  'alerts.json': alert,
  'coupons.json': coupon,
  'closed-days.json': closedDay,
  'open-days.json': openDay,
  'eshop-categories.json': eshopCategory,
} as const satisfies Record<string, z.ZodMiniType>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function readJson(host: string, file: string): unknown {
  return JSON.parse(readFileSync(join(root, host, file), 'utf8')) as unknown
}

function readList(host: string, file: string): Json[] {
  if (!existsSync(join(root, host, file))) return []
  const value = readJson(host, file)
  if (!Array.isArray(value)) throw new Error(`${host}/${file}: expected a list`)
  return value.filter(isObject)
}

function issues(schema: z.ZodMiniType, value: unknown, where: string): string[] {
  const result = schema.safeParse(value)
  return result.success
    ? []
    : result.error.issues.map((issue) => `${where}.${issue.path.join('.')}: ${issue.message}`)
}

const ids = (list: readonly Json[]) => new Set(list.map((entity) => String(entity.id)))
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const asObject = (value: unknown): Json => (isObject(value) ? value : {})

/** Every string of a JSON value, with its path. */
function* strings(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value]
  else if (Array.isArray(value))
    for (const [i, v] of value.entries()) yield* strings(v, `${path}[${i}]`)
  else if (isObject(value))
    for (const [k, v] of Object.entries(value)) yield* strings(v, `${path}.${k}`)
}

const LANGS = new Set<string>(LANGUAGE_CODES)
const isTranslated = (value: unknown): value is Json =>
  isObject(value) && Object.keys(value).length > 0 && Object.keys(value).every((k) => LANGS.has(k))

/** Every translated text (an object keyed only by language codes) of a JSON value, with its path. */
function* translated(value: unknown, path: string): Generator<[string, Json]> {
  if (isTranslated(value)) yield [path, value]
  else if (Array.isArray(value))
    for (const [i, v] of value.entries()) yield* translated(v, `${path}[${i}]`)
  else if (isObject(value))
    for (const [k, v] of Object.entries(value)) yield* translated(v, `${path}.${k}`)
}

/** The sanitisation fixture of bains-du-lac points at an image that must not exist. */
const DELIBERATELY_MISSING = 'does-not-exist.svg'

describe.each(hosts)('tenant %s', (host) => {
  const companyJson = asObject(readJson(host, 'company.json'))
  const lists = Object.fromEntries(
    Object.keys(LISTS).map((file) => [file, readList(host, file)]),
  ) as Record<keyof typeof LISTS, Json[]>
  const usersJson = readList(host, 'users.json')
  const loyaltyJson = asObject(readJson(host, 'loyalty.json'))
  const booker = asObject(companyJson.booker)
  const langs = Object.entries(asObject(booker.langs))
    .filter(([, on]) => on === true)
    .map(([code]) => code)
  const articles = lists['articles.json']
  const services = articles.filter((a) => a.type === '1' || a.type === '4')
  const shops = lists['shops.json']
  const articleById = new Map(articles.map((a) => [String(a.id), a]))

  test('every file parses with its contract schema', () => {
    const problems = [
      ...issues(company, companyJson, 'company'),
      ...Object.entries(LISTS).flatMap(([file, schema]) =>
        lists[file as keyof typeof LISTS].flatMap((entity, i) =>
          issues(schema, entity, `${file}[${i}]`),
        ),
      ),
      ...issues(loyaltyProgram, { ...loyaltyJson, cards: undefined }, 'loyalty'),
      // as the seed reads users: password, kind and phone are its own, the rest is the account
      ...usersJson.flatMap(({ password: _p, kind, phone: _ph, ...user }, i) =>
        issues(kind === 'provider' ? provider : customer, user, `users[${i}]`),
      ),
    ]
    expect(problems).toEqual([])
  })

  test('ids are unique within the tenant', () => {
    const all = [
      ...Object.values(lists).flat(),
      ...usersJson,
      ...asList(loyaltyJson.paliers).filter(isObject),
      ...asList(asObject(booker.gifts).themes).filter(isObject),
      ...asList(booker.customMenuItems).filter(isObject),
      ...shops.map((s) => s.geoGroupment).filter(isObject),
    ]
    const seen = new Map<string, number>()
    for (const entity of all) seen.set(String(entity.id), (seen.get(String(entity.id)) ?? 0) + 1)
    const geo = new Set(
      shops
        .map((s) => asObject(s.geoGroupment).id)
        .filter(Boolean)
        .map(String),
    )
    const duplicates = [...seen].filter(([id, n]) => n > 1 && !geo.has(id))
    expect(duplicates).toEqual([])
    const slugs = articles.map((a) => a.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
  })

  test('references resolve', () => {
    const problems: string[] = []
    const check = (ok: boolean, what: string) => {
      if (!ok) problems.push(what)
    }
    const shopIds = ids(shops)
    const linked = (list: readonly Json[], name: string) => {
      for (const entity of list) {
        for (const ref of asList(entity.articles).filter(isObject)) {
          const target = articleById.get(String(ref.id))
          check(target?.slug === ref.slug, `${name} ${entity.id} -> article ${ref.id}/${ref.slug}`)
        }
      }
    }
    linked(lists['categories.json'], 'category')
    linked(shops, 'shop')
    linked(lists['eshop-categories.json'], 'eshop category')
    for (const ref of lists['eshop-categories.json']
      .flatMap((c) => asList(c.articles))
      .filter(isObject)) {
      check(
        articleById.get(String(ref.id))?.type === '2',
        `eshop category lists non-product ${ref.id}`,
      )
    }
    for (const a of articles) {
      const b = asObject(a.booker)
      for (const u of asList(b.upsells)) {
        check(
          asObject(articleById.get(String(u))?.booker).upsellOnly === true,
          `article ${a.id} upsell ${u}`,
        )
      }
      for (const p of asList(b.pricesByShops).filter(isObject)) {
        check(shopIds.has(String(p.boutiqueId)), `article ${a.id} price for shop ${p.boutiqueId}`)
      }
    }
    const serviceIds = ids(services)
    for (const al of lists['alerts.json'])
      check(serviceIds.has(String(al.serviceId)), `alert ${al.id}`)
    for (const r of lists['resources.json']) {
      check(shopIds.has(String(r.shopId)), `resource ${r.id} shop`)
      for (const s of asList(r.services))
        check(serviceIds.has(String(s)), `resource ${r.id} service ${s}`)
    }
    const postCategoryIds = ids(lists['postcategories.json'])
    for (const p of lists['posts.json']) {
      if (p.linkedShop !== null) check(shopIds.has(String(p.linkedShop)), `post ${p.id} shop`)
      check(postCategoryIds.has(String(p.categoryId)), `post ${p.id} category`)
    }
    for (const c of lists['coupons.json']) {
      for (const s of asList(c.serviceIds))
        check(serviceIds.has(String(s)), `coupon ${c.id} service ${s}`)
    }
    for (const d of [...lists['closed-days.json'], ...lists['open-days.json']]) {
      if (d.shopId !== null) check(shopIds.has(String(d.shopId)), `day ${d.id} shop`)
    }
    for (const t of asList(loyaltyJson.paliers).filter(isObject)) {
      if (t.serviceId !== null) check(serviceIds.has(String(t.serviceId)), `palier ${t.id} service`)
    }
    const userIds = ids(usersJson)
    for (const card of asList(loyaltyJson.cards).filter(isObject)) {
      check(userIds.has(String(card.userId)), `loyalty card of ${card.userId}`)
    }
    const hero = asObject(asObject(asObject(booker.sections).home).heroImage)
    if (hero.serviceId !== null && hero.serviceId !== undefined) {
      check(serviceIds.has(String(hero.serviceId)), 'hero serviceId')
    }
    for (const slide of asList(hero.slides).filter(isObject)) {
      const action = asObject(slide.action)
      if (action.type !== 'service') continue
      const cat = lists['categories.json'].find((c) => c.slug === action.categorySlug)
      const inCat = asList(cat?.articles)
        .filter(isObject)
        .some((a) => a.slug === action.serviceSlug)
      check(inCat, `hero slide ${action.categorySlug}/${action.serviceSlug}`)
    }
    expect(problems).toEqual([])
  })

  test('images exist, stay small, and belong to the tenant', () => {
    const everything = { company: companyJson, ...lists, loyalty: loyaltyJson }
    const missing: string[] = []
    for (const [path, value] of strings(everything, host)) {
      for (const match of value.matchAll(/\/storage\/([^/"'\s]+)\/images\/([^"'\s)]+)/g)) {
        const [, owner, file] = match
        if (file === DELIBERATELY_MISSING) continue
        if (owner !== host || !existsSync(join(root, host, 'images', file ?? ''))) {
          missing.push(`${path}: ${match[0]}`)
        }
      }
    }
    expect(missing).toEqual([])
    const dir = join(root, host, 'images')
    const files = readdirSync(dir)
    const sizes = files.map((f) => statSync(join(dir, f)).size)
    expect(Math.max(...sizes)).toBeLessThan(3 * 1024)
    const total =
      sizes.reduce((a, b) => a + b, 0) +
      readdirSync(join(root, host)).reduce((sum, f) => {
        const stat = statSync(join(root, host, f))
        return stat.isFile() ? sum + stat.size : sum
      }, 0)
    expect(total).toBeLessThan(300 * 1024)
  })

  test('translated texts cover the enabled languages', () => {
    const gaps: string[] = []
    const everything = { company: companyJson, ...lists, loyalty: loyaltyJson }
    const { 'posts.json': posts, ...rest } = everything
    for (const [path, text] of translated(rest, host)) {
      const missing = langs.filter((l) => !(l in text))
      if (missing.length > 0) gaps.push(`${path}: ${missing.join(',')}`)
    }
    // a post speaks the languages of its lang list
    for (const p of posts) {
      const wanted = asList(p.lang).includes('all') ? langs : asList(p.lang).map(String)
      for (const [path, text] of translated(
        { title: p.title, summary: p.summary, body: p.body },
        `post ${p.id}`,
      )) {
        const keys = Object.keys(text).sort()
        if (keys.join() !== [...wanted].sort().join()) gaps.push(`${path}: ${keys.join(',')}`)
      }
    }
    expect(gaps).toEqual([])
  })

  test('opening hours: day has one range, pause two', () => {
    const weeks = [
      ...shops.map((s) => s.openingHours),
      ...lists['resources.json'].map((r) => r.workingHours),
    ]
    for (const week of weeks.filter(isObject)) {
      for (const d of Object.values(week).filter(isObject)) {
        const n = asList(d.hours).length
        if (d.status === 'day') expect(n).toBe(1)
        else if (d.status === 'pause') expect(n).toBe(2)
        else expect(n).toBe(0)
      }
    }
  })
})

describe('the demo tenants have the shapes of the architecture page', () => {
  const load = (host: string) => ({
    company: company.parse(readJson(host, 'company.json')),
    shops: readList(host, 'shops.json'),
    posts: readList(host, 'posts.json'),
    events: readList(host, 'events.json'),
    coupons: readList(host, 'coupons.json'),
  })

  test('maison-lumiere: mono, fr + en, free payment, gifts, e-shop, loyalty', () => {
    const t = load('maison-lumiere.localhost')
    expect(t.shops).toHaveLength(1)
    expect(t.company.booker.homepageType).toBe('mono')
    expect(t.company.booker.langs).toEqual({ fr: true, en: true, de: false, es: false, it: false })
    expect(t.company.booker.payment.provider).toBe('free')
    expect(t.company.booker.gift && t.company.booker.gifts.themes.length > 0).toBe(true)
    expect(t.company.booker.eshopEnabled && t.company.booker.products.active).toBe(true)
    expect(asObject(readJson('maison-lumiere.localhost', 'loyalty.json')).active).toBe(true)
  })

  test('bains-du-lac: marketplace, five languages, groups, magazine, events, coupon pop-up', () => {
    const t = load('bains-du-lac.localhost')
    expect(t.company.booker.homepageType).toBe('multi')
    expect(Object.values(t.company.booker.langs).filter(Boolean)).toHaveLength(5)
    expect(t.shops.length).toBeGreaterThanOrEqual(6)
    expect(t.shops.some((s) => s.geoGroupment === null)).toBe(true)
    expect(new Set(t.shops.map((s) => asObject(s.geoGroupment).name).filter(Boolean)).size).toBe(3)
    expect(t.shops.filter((s) => asObject(s.booker).active === false)).toHaveLength(1)
    expect(t.posts.length).toBeGreaterThanOrEqual(6)
    const now = Date.parse('2026-12-01T12:00:00Z')
    const current = t.events.filter(
      (e) => Date.parse(String(e.start)) < now && now < Date.parse(String(e.end)),
    )
    expect(current.length).toBeGreaterThanOrEqual(2)
    expect(t.company.booker.couponsPopupHome).toBe(true)
    expect(t.coupons.some((c) => c.automatic === true)).toBe(true)
    // the sanitisation fixture (post horaires-des-fetes)
    expect(JSON.stringify(t.posts)).toContain('<script>alert(1)</script>')
    expect(JSON.stringify(t.posts)).toContain('onerror=')
  })

  test('atelier-ferme: site disabled with a message, not in debug', () => {
    const t = load('atelier-ferme.localhost')
    expect(t.company.booker.siteDisabled).toBe(true)
    expect(t.company.isDebug).toBe(false)
    expect(t.company.booker.siteDisabledMessage.fr).toBeTruthy()
  })
})
