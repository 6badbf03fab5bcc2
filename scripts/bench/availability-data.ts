import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { zonedMinutesToUtc } from '#domain/slots/zoned-time.ts'
import type { Db } from '#server/db/client.ts'
import { contentColumns } from '#server/db/content-columns.ts'
import {
  accounts,
  appointmentClaims,
  appointments,
  type ContentKind,
  carts,
  companies,
  contentTables,
  type JsonObject,
  tokens,
} from '#server/db/schema/index.ts'
import { hashToken, TOKEN_TTL_MS } from '#server/services/auth/tokens.ts'

/**
 * The marketplace of `npm run bench:availability`: one company with `shops` shops, each with
 * 8 services (30 to 120 minutes, two of them needing a cabin), 6 employees and 2 cabins, open
 * 09:00-19:00 Monday to Saturday (Europe/Paris); `appointments` confirmed one-hour appointments
 * over the `weeks` weeks measured, spread evenly over shops and open days; `customers` customer
 * accounts with a bearer each. Everything goes through the schema (Drizzle inserts in batches).
 */
export interface MarketSize {
  readonly shops: number
  readonly weeks: number
  readonly appointments: number
  readonly customers: number
}

export const FULL_SIZE: MarketSize = {
  shops: 100,
  weeks: 8,
  appointments: 96_000,
  customers: 3_000,
}
export const SMALL_SIZE: MarketSize = { shops: 10, weeks: 2, appointments: 2_400, customers: 200 }

export const MARKET_TOKEN = 'market-token'
const ZONE = 'Europe/Paris'
const EMPLOYEES = 6
const CABINS = 2
const DURATIONS = [30, 45, 60, 60, 90, 30, 60, 120] as const
const CABIN_SERVICES = new Set([2, 5])
const OPEN_HOURS = 10
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']

/** What the load loop needs to ask realistic questions (plain data: it crosses to a worker). */
export interface Market {
  readonly token: string
  readonly shops: { readonly id: string; readonly services: { id: string; duration: number }[] }[]
  /** Mondays 'YYYY-MM-DD' of the weeks seeded */
  readonly weeks: string[]
  readonly bearers: string[]
  /** seeded appointments a refused hold aims at: [shop index, date, hour, employee id] */
  readonly taken: [number, string, number, string][]
}

const shopId = (s: number) => `s${s}`
const serviceId = (s: number, k: number) => `s${s}v${k}`
const employeeId = (s: number, e: number) => `s${s}e${e}`
const cabinId = (s: number, c: number) => `s${s}c${c}`
const dateAt = (monday: string, offset: number) =>
  new Date(Date.parse(`${monday}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10)

/** The Monday after `today` (so every seeded slot is in the future of the real clock). */
export function nextMonday(today: Date): string {
  const day = today.getUTCDay()
  const ahead = ((8 - day) % 7) + (day === 1 ? 7 : 0)
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + ahead))
    .toISOString()
    .slice(0, 10)
}

/** A deterministic pseudo-random sequence: every run seeds the same calendar. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0
    return state / 2 ** 32
  }
}

async function insertBatches<T>(
  rows: readonly T[],
  size: number,
  write: (batch: T[]) => Promise<unknown>,
) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size))
}

async function content(db: Db, companyId: number, kind: ContentKind, list: JsonObject[]) {
  const rows = list.map((data, i) => ({
    companyId,
    id: String(data.id),
    ...contentColumns(kind, data, i),
    data,
  }))
  await insertBatches(rows, 500, (batch) => db.insert(contentTables[kind]).values(batch))
}

const week = () =>
  Object.fromEntries(
    DAYS.map((d) => [d, { status: 'day', hours: [{ start: '09:00', end: '19:00' }] }]),
  )

/**
 * Seeds the market, or (`--database-url` of a database seeded before with the same sizes on the
 * same day) only describes it: everything, the bearers included, is derived deterministically.
 */
export async function seedMarket(db: Db, size: MarketSize, firstMonday: string): Promise<Market> {
  const weeks = Array.from({ length: size.weeks }, (_, w) => dateAt(firstMonday, 7 * w))
  const shops = Array.from({ length: size.shops }, (_, s) => s)
  const services = (s: number) =>
    DURATIONS.map((duration, k) => ({ id: serviceId(s, k), duration }))
  const describe = (taken: Market['taken']): Market => ({
    token: MARKET_TOKEN,
    shops: shops.map((s) => ({ id: shopId(s), services: services(s) })),
    weeks,
    bearers: Array.from({ length: size.customers }, (_, i) => bearerOf(i)),
    taken,
  })
  const [existing] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.token, MARKET_TOKEN))
  if (existing) return describe(calendar(existing.id, size, firstMonday).taken)
  const [company] = await db
    .insert(companies)
    .values({
      host: 'market.localhost',
      token: MARKET_TOKEN,
      nickname: 'market',
      data: {
        token: MARKET_TOKEN,
        booker: {
          appointment: { payment: { active: true }, cuttingHours: 0, useCabinManagement: true },
        },
      },
    })
    .returning({ id: companies.id })
  const companyId = company?.id ?? 0
  await content(
    db,
    companyId,
    'shops',
    shops.map((s) => ({
      id: shopId(s),
      slug: `shop-${s}`,
      publicInfo: { name: `Shop ${s}` },
      booker: { active: true, shopUseCabins: true },
      articles: services(s).map((v) => ({ id: v.id, slug: v.id })),
      openingHours: week(),
      timeZone: ZONE,
    })),
  )
  await content(
    db,
    companyId,
    'articles',
    shops.flatMap((s) =>
      DURATIONS.map((duration, k) => ({
        id: serviceId(s, k),
        name: { fr: `Service ${k}` },
        slug: serviceId(s, k),
        type: '1',
        prices: 3000 + 1000 * k,
        duration,
        booker: { cabinRequired: CABIN_SERVICES.has(k), equipments: [] },
      })),
    ),
  )
  await content(
    db,
    companyId,
    'resources',
    shops.flatMap((s) => [
      ...Array.from({ length: EMPLOYEES }, (_, e) => ({
        id: employeeId(s, e),
        type: 100,
        displayName: `Employee ${e}`,
        shopId: shopId(s),
        workingHours: week(),
        services: [],
      })),
      ...Array.from({ length: CABINS }, (_, c) => ({
        id: cabinId(s, c),
        type: 200,
        displayName: `Cabin ${c}`,
        shopId: shopId(s),
        equipments: [],
      })),
    ]),
  )
  const { carts: paid, rows, claims, taken } = calendar(companyId, size, firstMonday)
  await insertBatches(paid, 2_000, (batch) => db.insert(carts).values(batch))
  await insertBatches(rows, 1_000, (batch) => db.insert(appointments).values(batch))
  await insertBatches(claims, 2_000, (batch) => db.insert(appointmentClaims).values(batch))
  await seedCustomers(db, companyId, size.customers)
  // What autovacuum has long done in a database that holds this much: statistics to plan with,
  // and the rows marked visible. Without it the measured window pays for both (PostgreSQL's
  // CPU per request 0.79 ms instead of 0.16 ms in the runs of docs/decisions/043-*.md).
  await db.execute(sql`VACUUM (ANALYZE)`)
  return describe(taken)
}

/** A customer's bearer, derived from its number (so a seeded database can be described again). */
const bearerOf = (i: number) =>
  createHash('sha256').update(`market-customer-${i}`).digest('base64url').slice(0, 43)

/** Confirmed one-hour appointments, never two on one employee or cabin at once. */
function calendar(companyId: number, size: MarketSize, firstMonday: string) {
  const next = random(42)
  const openDays = size.weeks * DAYS.length
  const perDay = Math.ceil(size.appointments / (size.shops * openDays))
  const rows: (typeof appointments.$inferInsert)[] = []
  const claims: (typeof appointmentClaims.$inferInsert)[] = []
  const taken: Market['taken'] = []
  // one paid cart per shop and day: many carts, as in life (a single cart of 96,000
  // appointments would mislead the planner about a cart's size)
  const paid: (typeof carts.$inferInsert)[] = []
  for (let s = 0; s < size.shops && rows.length < size.appointments; s++) {
    for (let d = 0; d < openDays && rows.length < size.appointments; d++) {
      const date = dateAt(firstMonday, Math.floor(d / 6) * 7 + (d % 6))
      const cartId = `k${s}-${d}`
      paid.push({ companyId, id: cartId, shopId: shopId(s), purpose: 'booking', status: 'paid' })
      const used = new Set<string>()
      for (let n = 0; n < perDay && rows.length < size.appointments; n++) {
        let e = 0
        let hour = 0
        do {
          e = Math.floor(next() * EMPLOYEES)
          hour = 9 + Math.floor(next() * OPEN_HOURS)
        } while (used.has(`e${e}:${hour}`))
        used.add(`e${e}:${hour}`)
        const cabin = n % 5 === 0 && !used.has(`c${n % CABINS}:${hour}`) ? n % CABINS : undefined
        if (cabin !== undefined) used.add(`c${cabin}:${hour}`)
        const startsAt = zonedMinutesToUtc(date, hour * 60, ZONE)
        const endsAt = zonedMinutesToUtc(date, hour * 60 + 60, ZONE)
        const id = `b${rows.length}`
        const local = (h: number) => `${date}T${String(h).padStart(2, '0')}:00`
        if (n === 0 && d % 3 === 0) taken.push([s, date, hour, employeeId(s, e)])
        rows.push({
          companyId,
          id,
          cartId,
          shopId: shopId(s),
          serviceId: serviceId(s, 2),
          employeeId: employeeId(s, e),
          cabinId: cabin === undefined ? null : cabinId(s, cabin),
          status: 'confirmed',
          startsAt,
          endsAt,
          localStart: local(hour),
          localEnd: local(hour + 1),
          timeZone: ZONE,
          priceCents: 5000,
        })
        const claim = {
          companyId,
          appointmentId: id,
          shopId: shopId(s),
          status: 'confirmed' as const,
          startsAt,
          endsAt,
        }
        claims.push({ ...claim, resourceId: employeeId(s, e), resourceKind: 'employee' })
        if (cabin !== undefined) {
          claims.push({ ...claim, resourceId: cabinId(s, cabin), resourceKind: 'cabin' })
        }
      }
    }
  }
  return { carts: paid, rows, claims, taken }
}

async function seedCustomers(db: Db, companyId: number, count: number): Promise<void> {
  const ids = Array.from({ length: count }, (_, i) => `m${i}`)
  await insertBatches(ids, 1_000, (batch) =>
    db.insert(accounts).values(
      batch.map((id) => ({
        companyId,
        id,
        kind: 'customer' as const,
        email: `${id}@example.com`,
      })),
    ),
  )
  const bearers = ids.map((_, i) => bearerOf(i))
  const expiresAt = new Date(Date.now() + TOKEN_TTL_MS.customer)
  const rows = ids.map((subjectId, i) => ({
    companyId,
    kind: 'customer' as const,
    subjectId,
    tokenHash: hashToken(bearers[i] ?? ''),
    expiresAt,
  }))
  await insertBatches(rows, 1_000, (batch) => db.insert(tokens).values(batch))
}
