import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companySecretStates } from '#contract/company-secrets.ts'
import { companySecrets } from '#server/db/schema/index.ts'
import { changedTables, fingerprint, tableNames } from '#server/test/db-fingerprint.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { pullAll, serverContext } from '../../../scripts/build-sites/pull.ts'

/**
 * The write-only key store (docs/decisions/089-site-settings-and-key-store.md) with the demo
 * users of decision 072: Sophie owns bains-du-lac, Marc manages two of its shops, Élodie is a
 * practitioner there, Claire owns maison-lumiere. A secret set by the owner is stored sealed and
 * read by nothing but the payment providers: no answer, snapshot, export or log line holds it.
 */

const tenants = fileURLToPath(new URL('../../../tenants', import.meta.url))
const BAINS = { host: 'bains-du-lac.localhost', token: '8796c37fe6734d21e38b5f59cf18c612' }
const LUMIERE = { host: 'maison-lumiere.localhost', token: '1fcc937c9e0423ceb7792f3c8a1a1234' }
const PASSWORD = 'demo-provider-2026'
const SECRET = 'sk_test_planted-key-store-secret-5d1e'

let t: TestApi
const bearers = { owner: '', manager: '', practitioner: '', foreign: '' }
type Role = keyof typeof bearers

async function signIn(company: string, email: string): Promise<string> {
  const res = await t.call('/api/cmpusers/login', { company, json: { email, password: PASSWORD } })
  const token = (res.body as { token?: string }).token
  if (!token) throw new Error(`no session for ${email}`)
  return token
}

beforeAll(async () => {
  t = await startTestApi({ seedFrom: tenants })
  bearers.owner = await signIn(BAINS.token, 'sophie.girard@bains-du-lac.example')
  bearers.manager = await signIn(BAINS.token, 'marc.perrin@bains-du-lac.example')
  bearers.practitioner = await signIn(BAINS.token, 'elodie.roux@bains-du-lac.example')
  bearers.foreign = await signIn(LUMIERE.token, 'claire.dumas@maison-lumiere.example')
})
afterAll(() => t.close())

const call = (role: Role | 'none', path: string, method = 'GET', json?: unknown) =>
  t.call(path, {
    company: role === 'foreign' ? LUMIERE.token : BAINS.token,
    ...(role === 'none' ? {} : { bearer: bearers[role] }),
    method,
    ...(json === undefined ? {} : { json }),
  })

const PATH = '/api/companies/secrets'
const stateOf = (body: unknown, name: string) =>
  companySecretStates.parse(body).secrets.find((s) => s.name === name)

describe('the key store (owner only, write-only)', () => {
  it('refuses a manager, a practitioner, no session, and writes nothing', async () => {
    const tables = await tableNames(t.db)
    const before = await fingerprint(t.db, tables)
    for (const role of ['manager', 'practitioner'] as const) {
      expect((await call(role, PATH)).status).toBe(403)
      expect((await call(role, `${PATH}/STRIPE_SECRET_KEY`, 'PUT', { value: SECRET })).status).toBe(
        403,
      )
      expect((await call(role, `${PATH}/STRIPE_SECRET_KEY`, 'DELETE')).status).toBe(403)
    }
    expect((await call('none', `${PATH}/STRIPE_SECRET_KEY`, 'PUT', { value: SECRET })).status).toBe(
      401,
    )
    expect(changedTables(before, await fingerprint(t.db, tables))).toEqual([])
  })

  it('refuses a name no provider reads and a value with a line break', async () => {
    expect((await call('owner', `${PATH}/DATABASE_URL`, 'PUT', { value: 'x' })).status).toBe(400)
    const broken = await call('owner', `${PATH}/STRIPE_SECRET_KEY`, 'PUT', { value: 'a\nb' })
    expect(broken.status).toBe(400)
  })

  it('stores the owner’s key sealed and answers only "set"', async () => {
    expect(stateOf((await call('owner', PATH)).body, 'STRIPE_SECRET_KEY')).toEqual({
      name: 'STRIPE_SECRET_KEY',
      set: false,
    })
    const put = await call('owner', `${PATH}/STRIPE_SECRET_KEY`, 'PUT', { value: SECRET })
    expect(put.status).toBe(200)
    expect(stateOf(put.body, 'STRIPE_SECRET_KEY')).toMatchObject({ set: true })
    expect(JSON.stringify(put.body)).not.toContain(SECRET)
    const [row] = await t.db.select().from(companySecrets)
    expect(row?.sealedValue).toMatch(/^v1\./)
    expect(row?.sealedValue).not.toContain(SECRET)
  })

  it('another company sees its own store: not set, and cannot clear the owner’s', async () => {
    expect(stateOf((await call('foreign', PATH)).body, 'STRIPE_SECRET_KEY')?.set).toBe(false)
    await call('foreign', `${PATH}/STRIPE_SECRET_KEY`, 'DELETE')
    expect(stateOf((await call('owner', PATH)).body, 'STRIPE_SECRET_KEY')?.set).toBe(true)
  })

  it('never sends the key back: GET after PUT, company reads, the site snapshot, the export, the logs', async () => {
    const texts: string[] = []
    for (const path of [PATH, '/api/companies', `/api/companies/${BAINS.token}`]) {
      texts.push(JSON.stringify((await call('owner', path)).body))
    }
    texts.push(JSON.stringify((await call('none', '/api/companies/me')).body))
    texts.push(JSON.stringify((await call('owner', '/api/customers/export')).body))
    const [pulled] = await pullAll([BAINS.host], serverContext(t.url))
    if (!pulled?.ok) throw new Error('the snapshot did not pull')
    texts.push(JSON.stringify(pulled.snapshot))
    texts.push(t.logs.join('\n'))
    // not vacuous: the answers are there
    expect(texts.join('').length).toBeGreaterThan(10_000)
    for (const text of texts) expect(text).not.toContain(SECRET)
  })

  it('clears a key: not set again, and the row is gone', async () => {
    const cleared = await call('owner', `${PATH}/STRIPE_SECRET_KEY`, 'DELETE')
    expect(cleared.status).toBe(200)
    expect(stateOf(cleared.body, 'STRIPE_SECRET_KEY')?.set).toBe(false)
    expect(await t.db.select().from(companySecrets)).toEqual([])
  })
})
