import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type Database } from '#server/db/client.ts'
import { accounts, companies, notifications, shops } from '#server/db/schema/index.ts'
import { freshDatabase, startTestApi, type TestApi } from '#server/test/harness.ts'
import { readMessages } from '#server/test/messages.ts'

/**
 * docs/decisions/086-database-routing.md: two PostgreSQL databases, a company placed in each;
 * every request of a company reads and writes its own database only. PostgreSQL only
 * (DATABASE_URLS names PostgreSQL servers): skipped on PGlite.
 */

const server = process.env.TEST_DATABASE_URL
let t: TestApi
let second: { url: string | undefined; drop(): Promise<void> }
let direct: Database
let adminBearer = ''

beforeAll(async () => {
  if (!server) return
  // an empty database: the API migrates it at start, as it does `main`
  second = await freshDatabase()
  if (!second.url) throw new Error('no second database')
  t = await startTestApi({ config: { databaseUrls: new Map([['second', second.url]]) } })
  direct = await createDatabase({ url: second.url, poolMax: 2 })
  const registered = await t.call('/api/admins/register', {
    json: { email: 'admin@platform.example', password: 'admin password' },
  })
  adminBearer = (registered.body as { token: string }).token
}, 120_000)
afterAll(async () => {
  if (!server) return
  await direct.close()
  await t.close()
  await second.drop()
})

const create = (host: string, database?: string) =>
  t.call('/api/companies', {
    bearer: adminBearer,
    json: {
      host,
      name: host,
      languages: ['fr'],
      shop: { name: `shop of ${host}` },
      owner: { email: `owner@${host}`, firstname: 'Owner', lastname: host },
      ...(database ? { database } : {}),
    },
  })

/** The owner's password set through the invitation, then a studio session. */
async function ownerSession(host: string, token: string): Promise<string> {
  const [mail] = await readMessages(t, eq(notifications.recipient, `owner@${host}`))
  const invite = /invite=([A-Za-z0-9_-]{43})/.exec(mail?.body ?? '')?.[1]
  const put = { method: 'PUT', company: token, json: { password: 'owner password' } }
  expect((await t.call(`/api/cmpusers/token/${invite}`, put)).status).toBe(200)
  const login = await t.call('/api/cmpusers/login', {
    company: token,
    json: { email: `owner@${host}`, password: 'owner password' },
  })
  return (login.body as { token: string }).token
}

describe.skipIf(!server)('a company per database (DATABASE_URLS)', () => {
  it('keeps each company’s rows in its own database, and each request in it', async () => {
    const one = (await create('one.localhost')).body as { token: string }
    const made = await create('two.localhost', 'second')
    expect(made.body).toMatchObject({ database: 'second' })
    const two = made.body as { token: string }
    const [oneRow] = await t.db.select().from(companies).where(eq(companies.host, 'one.localhost'))
    const [twoRow] = await t.db.select().from(companies).where(eq(companies.host, 'two.localhost'))
    const oneId = oneRow?.id ?? -1
    const twoId = twoRow?.id ?? -1

    // rows: the shop and the owner of each in its database, none in the other
    const shopsIn = async (db: Database['db'], id: number) =>
      (await db.select().from(shops).where(eq(shops.companyId, id))).length
    expect([await shopsIn(t.db, oneId), await shopsIn(t.db, twoId)]).toEqual([1, 0])
    expect([await shopsIn(direct.db, oneId), await shopsIn(direct.db, twoId)]).toEqual([0, 1])
    const owners = await direct.db.select().from(accounts).where(eq(accounts.companyId, twoId))
    expect(owners.map((row) => row.email)).toEqual(['owner@two.localhost'])

    // reads: each company's API answers from its database
    for (const [token, name] of [
      [one.token, 'shop of one.localhost'],
      [two.token, 'shop of two.localhost'],
    ] as const) {
      const listed = (await t.call('/api/shops', { company: token })).body as {
        publicInfo: { name: string }
      }[]
      expect(listed.map((shop) => shop.publicInfo.name)).toEqual([name])
    }

    // sessions live with their company: the owner of two signs in, and only at two
    const twoOwner = await ownerSession('two.localhost', two.token)
    const oneOwner = await ownerSession('one.localhost', one.token)
    expect(
      (await t.call('/api/cmpusers/me', { company: two.token, bearer: twoOwner })).status,
    ).toBe(200)
    expect(
      (await t.call('/api/cmpusers/me', { company: one.token, bearer: twoOwner })).status,
    ).toBe(401)
    expect(
      (await t.call('/api/cmpusers/me', { company: two.token, bearer: oneOwner })).status,
    ).toBe(401)

    // writes: a settings change of two lands in the second database, not in the directory
    const settings = (await t.call('/api/companies/me', { company: two.token })).body as Record<
      string,
      unknown
    >
    const { token: _token, ...body } = settings
    const renamed = { ...body, identity: { ...(body.identity as object), displayName: 'Deux' } }
    const put = await t.call(`/api/companies/${two.token}`, {
      method: 'PUT',
      company: two.token,
      bearer: twoOwner,
      json: renamed,
    })
    expect(put.status).toBe(200)
    const displayName = (row: { data: Record<string, unknown> } | undefined) =>
      (row?.data.identity as { displayName?: string } | undefined)?.displayName
    const [copy] = await direct.db.select().from(companies).where(eq(companies.id, twoId))
    const [listed] = await t.db.select().from(companies).where(eq(companies.id, twoId))
    expect(displayName(copy)).toBe('Deux')
    expect(displayName(listed)).toBe('two.localhost')
    const me = (await t.call('/api/companies/me', { company: two.token })).body
    expect(displayName({ data: me as Record<string, unknown> })).toBe('Deux')

    const databases = (await t.call('/api/databases', { bearer: adminBearer })).body
    expect(databases).toEqual([
      { name: 'main', companies: 3 },
      { name: 'second', companies: 1 },
    ])
  })
})
