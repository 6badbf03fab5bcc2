import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import type { JsonObject } from '#server/db/schema/index.ts'

/** A content row as the period query returns it (updated: ms, for the parse cache). */
export interface RawRow {
  readonly id: string
  readonly updated: number
  readonly data: JsonObject
}

export interface PeriodRows {
  readonly shop: RawRow | null
  readonly services: RawRow[]
  readonly resources: RawRow[]
  readonly closed: RawRow[]
  readonly open: RawRow[]
  /** live claims: [resource id, starts ms, ends ms] */
  readonly claims: [string, number, number][]
}

const DAY_MS = 86_400_000

const row = (t: string) =>
  `json_build_object('id', ${t}.id, 'updated', (extract(epoch from ${t}.updated_at) * 1000)::float8, 'data', ${t}.data)`
const list = (table: string, where: string, order = 'id') =>
  `(select coalesce(json_agg(${row('t')} order by ${order}), '[]') from ${table} t where ${where})`
const inPeriod = `t.company_id = (p.j->>'company')::int and t.starts_at between (p.j->>'from')::timestamptz
  and (p.j->>'to')::timestamptz and (t.data->>'shopId' is null or t.data->>'shopId' = p.j->>'shop')`

/**
 * The statement is constant text with one jsonb parameter (p.j), so building it costs nothing
 * per request and the server sees the same query every time.
 */
const PERIOD_SQL = `with p as (select $1::jsonb as j)
select json_build_object(
  'shop', (select ${row('t')} from shops t where t.company_id = (p.j->>'company')::int and t.id = p.j->>'shop'),
  'services', ${list('articles', "t.company_id = (p.j->>'company')::int and t.id in (select jsonb_array_elements_text(p.j->'services'))")},
  'resources', ${list('resources', "t.company_id = (p.j->>'company')::int and t.data->>'shopId' = p.j->>'shop'", 't."order", t.id')},
  'closed', ${list('closed_days', inPeriod)},
  'open', ${list('open_days', inPeriod)},
  'claims', (select coalesce(json_agg(json_build_array(c.resource_id,
      (extract(epoch from c.starts_at) * 1000)::float8, (extract(epoch from c.ends_at) * 1000)::float8)), '[]')
    from appointment_claims c
    where c.company_id = (p.j->>'company')::int and c.shop_id = p.j->>'shop'
      and c.starts_at >= (p.j->>'claimsFrom')::timestamptz - interval '1 day'
      and c.starts_at < (p.j->>'claimsTo')::timestamptz
      and c.ends_at > (p.j->>'claimsFrom')::timestamptz
      and c.status <> 'cancelled'
      and (c.status = 'confirmed' or (c.status = 'hold' and c.expires_at > (p.j->>'now')::timestamptz)))
)::text as payload from p`

/** Where $1 sits in the text: drizzle numbers the one parameter itself. */
const SPLIT = PERIOD_SQL.indexOf('$1')

const fromOn = `t.company_id = (p.j->>'company')::int and t.starts_at >= (p.j->>'from')::timestamptz
  and (t.data->>'shopId' is null or t.data->>'shopId' = p.j->>'shop')`

/**
 * The shop's whole booking catalogue: every service it offers (its articles list), its
 * resources, and its closed and open days from `from` on. Read when the cache has no catalogue
 * for the shop (availability-cache.ts), not per request.
 */
const CATALOGUE_SQL = `with p as (select $1::jsonb as j)
select json_build_object(
  'shop', (select ${row('t')} from shops t where t.company_id = (p.j->>'company')::int and t.id = p.j->>'shop'),
  'services', ${list(
    'articles',
    `t.company_id = (p.j->>'company')::int and t.id in (select a->>'id' from shops s,
      jsonb_array_elements(case when jsonb_typeof(s.data->'articles') = 'array' then s.data->'articles' else '[]' end) a
      where s.company_id = (p.j->>'company')::int and s.id = p.j->>'shop')`,
  )},
  'resources', ${list('resources', "t.company_id = (p.j->>'company')::int and t.data->>'shopId' = p.j->>'shop'", 't."order", t.id')},
  'closed', ${list('closed_days', fromOn)},
  'open', ${list('open_days', fromOn)},
  'claims', '[]'::json
)::text as payload from p`
const CATALOGUE_SPLIT = CATALOGUE_SQL.indexOf('$1')

/** The catalogue rows of a shop (claims empty), with closed and open days from `from` on. */
export async function loadCatalogueRows(
  db: Db,
  companyId: number,
  shopId: string,
  from: string,
): Promise<PeriodRows> {
  const params = JSON.stringify({
    company: companyId,
    shop: shopId,
    from: new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS).toISOString(),
  })
  const result = await db.execute(
    sql`${sql.raw(CATALOGUE_SQL.slice(0, CATALOGUE_SPLIT))}${params}${sql.raw(CATALOGUE_SQL.slice(CATALOGUE_SPLIT + 2))}`,
  )
  const [first] = (result as unknown as { rows: { payload: string }[] }).rows
  return JSON.parse(first?.payload ?? '{}') as PeriodRows
}

/**
 * Everything availability reads, in ONE statement and one round trip: the shop, the services
 * asked for, the shop's resources, the closed and open days of [from, to], and the live claims
 * of the shop over those dates. The shop's zone is not known before the answer, so claims are
 * fetched from a day before `from` to a day after `to` (more than any UTC offset) and sorted
 * into local dates afterwards; appointments end the day they start, which bounds starts_at from
 * below so (company_id, shop_id, starts_at) serves the range. One text column keeps the JSON
 * parsing identical on PGlite and node-postgres.
 */
export async function loadPeriodRows(
  db: Db,
  companyId: number,
  shopId: string,
  serviceIds: readonly string[],
  period: { readonly from: string; readonly to: string },
  now: Date,
): Promise<PeriodRows> {
  const from = Date.parse(`${period.from}T00:00:00Z`)
  const to = Date.parse(`${period.to}T00:00:00Z`)
  const params = JSON.stringify({
    company: companyId,
    shop: shopId,
    services: serviceIds,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    claimsFrom: new Date(from - DAY_MS).toISOString(),
    claimsTo: new Date(to + 2 * DAY_MS).toISOString(),
    now: now.toISOString(),
  })
  const result = await db.execute(
    sql`${sql.raw(PERIOD_SQL.slice(0, SPLIT))}${params}${sql.raw(PERIOD_SQL.slice(SPLIT + 2))}`,
  )
  const [first] = (result as unknown as { rows: { payload: string }[] }).rows
  return JSON.parse(first?.payload ?? '{}') as PeriodRows
}
