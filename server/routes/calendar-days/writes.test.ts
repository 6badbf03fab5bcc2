import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publishedFor } from '#server/test/content.ts'
import { changedTables, fingerprint, tableNames } from '#server/test/db-fingerprint.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

/**
 * The studio's writes of closed and open days (docs/decisions/087-studio-shops-and-team.md),
 * with the demo users of README "The studio": on bains-du-lac Sophie (owner), Marc (manager of
 * shops 2 and 3), Élodie (practitioner in shop 2); Claire owns maison-lumiere. Seeded day 801
 * (Christmas) closes every shop.
 */
const tenants = fileURLToPath(new URL('../../../tenants', import.meta.url))
const BAINS = '8796c37fe6734d21e38b5f59cf18c612'
const LUMIERE = '1fcc937c9e0423ceb7792f3c8a1a1234'
const PASSWORD = 'demo-provider-2026'

type Role = 'owner' | 'manager' | 'practitioner' | 'foreign'
let t: TestApi
const bearers = new Map<Role, string>()

async function signIn(company: string, email: string): Promise<string> {
  const res = await t.call('/api/cmpusers/login', { company, json: { email, password: PASSWORD } })
  const token = (res.body as { token?: string }).token
  if (!token) throw new Error(`no session for ${email}`)
  return token
}

beforeAll(async () => {
  t = await startTestApi({
    seedFrom: tenants,
    config: { publishWebhookUrls: ['http://127.0.0.1:9/unused'] },
  })
  bearers.set('owner', await signIn(BAINS, 'sophie.girard@bains-du-lac.example'))
  bearers.set('manager', await signIn(BAINS, 'marc.perrin@bains-du-lac.example'))
  bearers.set('practitioner', await signIn(BAINS, 'elodie.roux@bains-du-lac.example'))
  bearers.set('foreign', await signIn(LUMIERE, 'claire.dumas@maison-lumiere.example'))
})
afterAll(() => t.close())

const as = (role: Role, path: string, method: string, json?: unknown, company = BAINS) =>
  t.call(path, {
    company,
    bearer: bearers.get(role) ?? '',
    method,
    ...(json === undefined ? {} : { json }),
  })

/** The delivery loop retries the unreachable receiver in the background: its rows change. */
async function nothingWritten(run: () => Promise<void>) {
  const tables = (await tableNames(t.db)).filter((name) => name !== 'webhook_deliveries')
  const before = await fingerprint(t.db, tables)
  await run()
  expect(changedTables(before, await fingerprint(t.db, tables))).toEqual([])
}

const closed = (shopId: string | null, date = '2027-03-10') => ({
  date,
  shopId,
  label: { fr: 'Inventaire' },
})
const open = (shopId: string) => ({
  date: '2027-03-14',
  shopId,
  hours: [{ start: '10:00', end: '16:00' }],
})

describe('closed and open days: the owner writes them', () => {
  it('adds, changes and removes a closed day, each write publishing a calendar rebuild', async () => {
    const made = await as('owner', '/api/closeddays', 'POST', closed('1'))
    expect(made).toMatchObject({ status: 200, body: { date: '2027-03-10', shopId: '1' } })
    const { id } = made.body as { id: string }
    expect((await publishedFor(t.db, id)).at(-1)).toMatchObject({ kind: 'calendar' })
    const listed = (await t.call('/api/closeddays', { company: BAINS })).body as { id: string }[]
    expect(listed.map((d) => d.id)).toContain(id)
    const moved = await as('owner', `/api/closeddays/${id}`, 'PUT', closed(null, '2027-03-11'))
    expect(moved).toMatchObject({ status: 200, body: { date: '2027-03-11', shopId: null } })
    expect((await as('owner', `/api/closeddays/${id}`, 'DELETE')).status).toBe(200)
    expect((await publishedFor(t.db, id)).at(-1)).toMatchObject({ action: 'delete' })
    expect((await as('owner', `/api/closeddays/${id}`, 'DELETE')).status).toBe(404)
  })

  it('adds an exceptional open day with its hours, and refuses hours that end before they start', async () => {
    const made = await as('owner', '/api/opendays', 'POST', open('4'))
    expect(made).toMatchObject({ status: 200, body: { hours: [{ start: '10:00', end: '16:00' }] } })
    const bad = { ...open('4'), hours: [{ start: '16:00', end: '10:00' }] }
    expect((await as('owner', '/api/opendays', 'POST', bad)).status).toBe(400)
  })

  it("refuses a shop that is not the company's", async () => {
    await nothingWritten(async () => {
      expect((await as('owner', '/api/closeddays', 'POST', closed('999'))).status).toBe(404)
    })
  })
})

describe('closed and open days: refused by role', () => {
  it("refuses a manager another shop's days and the days of every shop", async () => {
    await nothingWritten(async () => {
      const statuses = [
        (await as('manager', '/api/closeddays', 'POST', closed('1'))).status,
        (await as('manager', '/api/closeddays', 'POST', closed(null))).status,
        (await as('manager', '/api/opendays', 'POST', open('1'))).status,
        // Christmas closes every shop: the owner's
        (await as('manager', '/api/closeddays/801', 'PUT', closed('2'))).status,
        (await as('manager', '/api/closeddays/801', 'DELETE')).status,
      ]
      expect(statuses).toEqual([403, 403, 403, 403, 403])
    })
  })

  it('lets a manager close their own shop, but not move that day to another shop', async () => {
    const made = await as('manager', '/api/closeddays', 'POST', closed('2'))
    expect(made.status).toBe(200)
    const { id } = made.body as { id: string }
    await nothingWritten(async () => {
      expect((await as('manager', `/api/closeddays/${id}`, 'PUT', closed('1'))).status).toBe(403)
    })
    expect((await as('manager', `/api/closeddays/${id}`, 'DELETE')).status).toBe(200)
  })

  it('refuses a practitioner every day, even in their own shop', async () => {
    await nothingWritten(async () => {
      const statuses = [
        (await as('practitioner', '/api/closeddays', 'POST', closed('2'))).status,
        (await as('practitioner', '/api/opendays', 'POST', open('2'))).status,
        (await as('practitioner', '/api/closeddays/801', 'DELETE')).status,
      ]
      expect(statuses).toEqual([403, 403, 403])
    })
  })

  it("answers another company's owner as a stranger", async () => {
    const made = await as('owner', '/api/closeddays', 'POST', closed('5'))
    const { id } = made.body as { id: string }
    await nothingWritten(async () => {
      // their session is not bains-du-lac's
      expect((await as('foreign', '/api/closeddays', 'POST', closed('1'))).status).toBe(401)
      expect((await as('foreign', `/api/closeddays/${id}`, 'DELETE')).status).toBe(401)
      // in their own company, bains-du-lac's day is unknown
      const put = await as('foreign', `/api/closeddays/${id}`, 'PUT', closed('1'), LUMIERE)
      expect(put.status).toBe(404)
      const remove = await as('foreign', `/api/closeddays/${id}`, 'DELETE', undefined, LUMIERE)
      expect(remove.status).toBe(404)
    })
    expect((await t.call(`/api/closeddays`, { company: BAINS })).body).toContainEqual(
      expect.objectContaining({ id, shopId: '5' }),
    )
  })

  it('refuses a visitor without a session', async () => {
    const res = await t.call('/api/closeddays', { company: BAINS, json: closed('1') })
    expect(res.status).toBe(401)
  })
})
