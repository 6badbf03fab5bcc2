import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications, platformAdmins, webhookDeliveries } from '#server/db/schema/index.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'
import { readMessages } from '#server/test/messages.ts'

/**
 * docs/decisions/085-company-creation.md: a fresh deployment installs its first platform
 * administrator once, who creates companies; company users and visitors cannot.
 */

let t: TestApi
beforeAll(async () => {
  // a receiver nobody answers: the rows are what the test reads
  t = await startTestApi({ config: { publishWebhookUrls: ['http://127.0.0.1:9/_hooks/publish'] } })
})
afterAll(() => t.close())

const admin = { email: 'admin@platform.example', password: 'correct horse battery' }
let adminBearer = ''

const newCompany = (host: string) => ({
  host,
  name: 'Salon Neuf',
  languages: ['en', 'fr'],
  shop: { name: 'Salon Neuf Lyon', city: 'Lyon', country: 'France' },
  owner: { email: `owner@${host}`, firstname: 'Olga', lastname: 'Owner' },
})

describe('installation (GET /api/admins/installed, POST /api/admins/register)', () => {
  it('is not installed until the first administrator registers, once of a parallel burst', async () => {
    expect((await t.call('/api/admins/installed')).body).toEqual({ installed: false })
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.call('/api/admins/register', {
          json: i === 5 ? admin : { email: `other${i}@platform.example`, password: 'password-x' },
        }),
      ),
    )
    const won = burst.filter((answer) => answer.status === 200)
    expect(won).toHaveLength(1)
    for (const lost of burst.filter((answer) => answer.status !== 200)) {
      expect(lost.status).toBe(409)
      expect(JSON.stringify(lost.body)).toContain('alreadyInstalled')
    }
    expect(await t.db.select().from(platformAdmins)).toHaveLength(1)
    expect((await t.call('/api/admins/installed')).body).toEqual({ installed: true })
    const again = await t.call('/api/admins/register', { json: admin })
    expect(again.status).toBe(409)
  })

  it('signs the administrator in with their password, and no one else', async () => {
    const [first] = await t.db.select().from(platformAdmins)
    const login = { email: first?.email ?? '', password: 'wrong password' }
    expect((await t.call('/api/admins/login', { json: login })).body).toEqual({
      errType: 'credentials',
    })
    const unknown = { email: 'nobody@platform.example', password: 'password-x' }
    expect((await t.call('/api/admins/login', { json: unknown })).body).toEqual({
      errType: 'credentials',
    })
    // the burst's winner is one of the addresses: re-register is refused, so sign in as it
    const password = first?.email === admin.email ? admin.password : 'password-x'
    const signed = await t.call('/api/admins/login', { json: { email: first?.email, password } })
    expect(signed.status).toBe(200)
    adminBearer = (signed.body as { token: string }).token
    const me = await t.call('/api/admins/me', { bearer: adminBearer })
    expect(me.body).toEqual({ id: String(first?.id), email: first?.email })
  })
})

describe('company creation (POST /api/companies)', () => {
  it('is refused to visitors, customers and company users (owners included)', async () => {
    const body = newCompany('refused.localhost')
    expect((await t.call('/api/companies', { json: body })).status).toBe(401)
    for (const kind of ['provider', 'customer'] as const) {
      const foreign = await bearer(t, 'alpha.localhost', kind)
      const withCompany = { json: body, bearer: foreign, company: 'alpha-token' }
      expect((await t.call('/api/companies', withCompany)).status).toBe(401)
      expect((await t.call('/api/companies', { json: body, bearer: foreign })).status).toBe(401)
    }
    expect((await t.call('/api/admins/companies')).status).toBe(401)
    expect((await t.call('/api/databases')).status).toBe(401)
  })

  it('creates the company, its shop and its owner, invited to choose a password', async () => {
    const host = 'salon-neuf.localhost'
    const created = await t.call('/api/companies', { json: newCompany(host), bearer: adminBearer })
    expect(created.status).toBe(200)
    const { token, ownerId } = created.body as { token: string; ownerId: string }
    expect(created.body).toMatchObject({ host, database: 'main' })

    expect((await t.call(`/api/companies/token/host/${host}`)).body).toEqual({ token })
    const me = (await t.call('/api/companies/me', { company: token })).body as {
      identity: { displayName: string }
      booker: { langs: Record<string, boolean> }
    }
    expect(me.identity.displayName).toBe('Salon Neuf')
    expect(me.booker.langs).toEqual({ en: true, fr: true })
    const shops = (await t.call('/api/shops', { company: token })).body as unknown[]
    expect(shops).toHaveLength(1)
    expect((await t.call('/api/companies/hosts')).body).toMatchObject({
      hosts: expect.arrayContaining([host, 'alpha.localhost']),
    })
    // its site is built: the publish relay hears of it
    const events = await t.db.select().from(webhookDeliveries)
    expect(events.map((row) => [row.host, row.kind])).toContainEqual([host, 'company'])

    // the invitation, in the first language, to the studio of its host
    const [mail] = await readMessages(t, eq(notifications.recipient, `owner@${host}`))
    const invite = /\/studio\/\?invite=([A-Za-z0-9_-]{43})/.exec(mail?.body ?? '')?.[1]
    expect(mail?.subject).toContain('Your studio access')
    expect(invite).toBeDefined()
    const set = await t.call(`/api/cmpusers/token/${invite}`, {
      method: 'PUT',
      company: token,
      json: { password: 'owner password 1' },
    })
    expect(set.status).toBe(200)
    const login = await t.call('/api/cmpusers/login', {
      company: token,
      json: { email: `owner@${host}`, password: 'owner password 1' },
    })
    const user = (login.body as { user: { id: string; studioRole: string } }).user
    expect(user).toMatchObject({ id: ownerId, studioRole: 'owner' })
  })

  it('refuses a host already taken, and a database that is not configured', async () => {
    const taken = await t.call('/api/companies', {
      json: newCompany('alpha.localhost'),
      bearer: adminBearer,
    })
    expect(taken.status).toBe(409)
    expect(JSON.stringify(taken.body)).toContain('hostTaken')
    const nowhere = await t.call('/api/companies', {
      json: { ...newCompany('nowhere.localhost'), database: 'nowhere' },
      bearer: adminBearer,
    })
    expect(nowhere.status).toBe(400)
    expect(JSON.stringify(nowhere.body)).toContain('databaseUnavailable')
    expect((await t.call('/api/companies/token/host/nowhere.localhost')).status).toBe(404)
  })

  it('lists the companies and the databases to the administrator', async () => {
    const listed = await t.call('/api/admins/companies', { bearer: adminBearer })
    expect(listed.body).toEqual(
      expect.arrayContaining([
        { host: 'salon-neuf.localhost', token: expect.any(String), database: 'main' },
      ]),
    )
    const databases = (await t.call('/api/databases', { bearer: adminBearer })).body
    expect(databases).toEqual([{ name: 'main', companies: 3 }])
    expect((await t.call('/api/servers', { bearer: adminBearer })).body).toEqual(databases)
  })
})
