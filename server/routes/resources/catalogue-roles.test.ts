import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changedTables, fingerprint, tableNames } from '#server/test/db-fingerprint.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

/**
 * The catalogue's writes by role (docs/decisions/083-catalogue-checks.md), with the demo users
 * of README "The studio": on bains-du-lac Sophie (owner), Marc (manager of shops 2 and 3, back
 * office 5002 and 5003), Élodie (practitioner in shop 2); Claire owns maison-lumiere.
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
  t = await startTestApi({ seedFrom: tenants })
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

async function bodyOf(path: string): Promise<Record<string, unknown>> {
  const { id: _id, ...rest } = (
    await t.call(path, { company: BAINS, bearer: bearers.get('owner') ?? '' })
  ).body as Record<string, unknown>
  return rest
}

const newService = {
  name: { fr: 'Soin test' },
  slug: 'soin-test',
  type: '1',
  prices: 4200,
  duration: 30,
}

async function nothingWritten(run: () => Promise<void>) {
  const tables = await tableNames(t.db)
  const before = await fingerprint(t.db, tables)
  await run()
  expect(changedTables(before, await fingerprint(t.db, tables))).toEqual([])
}

describe('catalogue writes refused by role', () => {
  it("refuses a manager the company's catalogue and the shops that are not theirs", async () => {
    const shop1 = await bodyOf('/api/shops/1')
    const resource301 = await bodyOf('/api/resources/301')
    const resource303 = await bodyOf('/api/resources/303')
    await nothingWritten(async () => {
      const statuses = [
        (await as('manager', '/api/articles', 'POST', newService)).status,
        (await as('manager', '/api/articles/101', 'DELETE')).status,
        (await as('manager', '/api/categories/1', 'DELETE')).status,
        (await as('manager', '/api/shops', 'POST', { ...shop1, slug: 'new-shop' })).status,
        (await as('manager', '/api/shops/1', 'PUT', shop1)).status,
        (await as('manager', '/api/shops/3', 'DELETE')).status,
        (await as('manager', '/api/shops/link/article/1', 'POST', { articleId: '101' })).status,
        (await as('manager', '/api/resources/301', 'PUT', resource301)).status,
        (await as('manager', '/api/resources/301', 'DELETE')).status,
        // moving their employee to another shop touches that shop too
        (await as('manager', '/api/resources/303', 'PUT', { ...resource303, shopId: '1' })).status,
        (await as('manager', '/api/resources', 'POST', { ...resource303, slug: 'x', shopId: '1' }))
          .status,
      ]
      expect(statuses).toEqual(Array(statuses.length).fill(403))
    })
  })

  it('refuses a practitioner every catalogue write, even in their own shop', async () => {
    const shop2 = await bodyOf('/api/shops/2')
    const resource303 = await bodyOf('/api/resources/303')
    await nothingWritten(async () => {
      const statuses = [
        (await as('practitioner', '/api/shops/2', 'PUT', shop2)).status,
        (await as('practitioner', '/api/resources/303', 'PUT', resource303)).status,
        (await as('practitioner', '/api/articles', 'POST', newService)).status,
      ]
      expect(statuses).toEqual([403, 403, 403])
    })
  })

  it("answers another company's owner as a stranger: unknown rows, no session here", async () => {
    const resource303 = await bodyOf('/api/resources/303')
    await nothingWritten(async () => {
      // bains-du-lac's shop 2 is not maison-lumiere's
      expect((await as('foreign', '/api/resources', 'POST', resource303, LUMIERE)).status).toBe(404)
      expect((await as('foreign', '/api/resources/303', 'PUT', resource303)).status).toBe(401)
    })
  })
})

describe('catalogue writes allowed by role', () => {
  it('lets a manager change their own shop and its employees', async () => {
    const shop2 = await bodyOf('/api/shops/2')
    const resource303 = await bodyOf('/api/resources/303')
    const phone = '+33 4 50 00 00 02'
    expect(
      (
        await as('manager', '/api/shops/2', 'PUT', {
          ...shop2,
          publicInfo: { ...(shop2.publicInfo as object), phone },
        })
      ).status,
    ).toBe(200)
    expect(
      (await as('manager', '/api/resources/303', 'PUT', { ...resource303, visible: false })).status,
    ).toBe(200)
    expect(
      (await as('manager', '/api/shops/link/article/2', 'POST', { articleId: '104' })).status,
    ).toBe(200)
  })

  it('lets the owner add a service and give it a shop price', async () => {
    const created = await as('owner', '/api/articles', 'POST', {
      ...newService,
      booker: { pricesByShops: [{ boutiqueId: '1', pvTtc: 4500 }] },
    })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({
      prices: 4200,
      booker: { pricesByShops: [{ pvTtc: 4500 }] },
    })
  })
})
