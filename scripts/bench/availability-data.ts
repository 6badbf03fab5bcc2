import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { contentColumns } from '#server/db/content-columns.ts'
import {
  accounts,
  appointmentClaims,
  appointments,
  bookingOrderHistory,
  bookingOrders,
  type ContentKind,
  carts,
  companies,
  contentTables,
  type JsonObject,
  tokens,
} from '#server/db/schema/index.ts'
import { hashToken, TOKEN_TTL_MS } from '#server/services/auth/index.ts'
import {
  CABIN_SERVICES,
  CABINS,
  cabinId,
  calendar,
  DAYS,
  DURATIONS,
  dateAt,
  EMPLOYEES,
  employeeId,
  MARKET_TOKEN,
  type Market,
  type MarketSize,
  serviceId,
  shopId,
  ZONE,
} from './availability-market.ts'

/**
 * Writes the market of availability-market.ts through the schema (Drizzle inserts in batches):
 * the company, its shops, services and resources, the calendar and the customers with bearers.
 */

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
  const {
    carts: paid,
    orders,
    history,
    rows,
    claims,
    taken,
  } = calendar(companyId, size, firstMonday)
  await insertBatches(paid, 2_000, (batch) => db.insert(carts).values(batch))
  await insertBatches(orders, 2_000, (batch) => db.insert(bookingOrders).values(batch))
  await insertBatches(history, 2_000, (batch) => db.insert(bookingOrderHistory).values(batch))
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
