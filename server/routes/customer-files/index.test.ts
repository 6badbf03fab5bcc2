import { fileURLToPath } from 'node:url'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, appointments, eshopOrders } from '#server/db/schema/index.ts'
import { changedTables, fingerprint, tableNames } from '#server/test/db-fingerprint.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { insertBookingOrder, newCustomer } from '#server/test/orders.ts'

/**
 * Customer files (docs/decisions/079-customer-files-and-erasure.md) on the demo users of README
 * "The studio": on bains-du-lac Sophie (owner), Marc (manager), Élodie (practitioner, resource
 * 303); Claire, owner of maison-lumiere, is another company's user. Léa is Élodie's customer,
 * Noé is not.
 */
const tenants = fileURLToPath(new URL('../../../tenants', import.meta.url))
const BAINS = { host: 'bains-du-lac.localhost', token: '8796c37fe6734d21e38b5f59cf18c612' }
const LUMIERE = '1fcc937c9e0423ceb7792f3c8a1a1234'
const PASSWORD = 'demo-provider-2026'

let t: TestApi
const bearers = { owner: '', manager: '', practitioner: '', foreign: '' }
type Role = keyof typeof bearers
const people = { lea: '', noe: '' }

async function signIn(company: string, email: string): Promise<string> {
  const res = await t.call('/api/cmpusers/login', { company, json: { email, password: PASSWORD } })
  const token = (res.body as { token?: string }).token
  if (!token) throw new Error(`no session for ${email}`)
  return token
}

const as = (role: Role, path: string, method = 'GET', json?: unknown) =>
  t.call(path, {
    company: role === 'foreign' ? LUMIERE : BAINS.token,
    bearer: bearers[role],
    method,
    ...(json === undefined ? {} : { json }),
  })

async function nothingWritten(run: () => Promise<void>) {
  const tables = await tableNames(t.db)
  const before = await fingerprint(t.db, tables)
  await run()
  expect(changedTables(before, await fingerprint(t.db, tables))).toEqual([])
}

const idOf = (body: unknown) => (body as { id: string }).id

beforeAll(async () => {
  t = await startTestApi({ seedFrom: tenants })
  bearers.owner = await signIn(BAINS.token, 'sophie.girard@bains-du-lac.example')
  bearers.manager = await signIn(BAINS.token, 'marc.perrin@bains-du-lac.example')
  bearers.practitioner = await signIn(BAINS.token, 'elodie.roux@bains-du-lac.example')
  bearers.foreign = await signIn(LUMIERE, 'claire.dumas@maison-lumiere.example')
  const lea = await newCustomer(t.db, BAINS.host, 'lea.files@example.com', {
    profiles: [{ firstname: 'Léa', lastname: 'Vidal' }],
  })
  const noe = await newCustomer(t.db, BAINS.host, 'noe.files@example.com', {
    profiles: [{ firstname: 'Noé', lastname: 'Blanc' }],
  })
  people.lea = lea.id
  people.noe = noe.id
  const row = await insertBookingOrder(t.db, BAINS.host, {
    customerId: lea.id,
    shopId: '2',
    start: '2026-12-03T10:00',
    at: '2026-11-20T10:00:00Z',
  })
  await t.db
    .update(appointments)
    .set({ employeeId: '303' })
    .where(and(eq(appointments.companyId, row.companyId), eq(appointments.bookingOrderId, row.id)))
})
afterAll(() => t.close())

const ink = { brand: 'Perma Blend', colour: 'Honey', lot: 'pb-2026/07', expiry: '2027-06-30' }
const stock = { pigment: '', old: '', needle: '', dossier: '', prestation: '' }

describe('pigments and needles: the company lists', () => {
  it('lets owners and managers write them, every company user read them', async () => {
    const made = await as('owner', '/api/pigments', 'POST', ink)
    expect(made.status).toBe(200)
    expect(made.body).toMatchObject({ ...ink, lot: 'PB-2026/07' })
    stock.pigment = idOf(made.body)
    const old = await as('manager', '/api/pigments', 'POST', {
      ...ink,
      lot: 'OLD1',
      expiry: '2026-01-31',
    })
    stock.old = idOf(old.body)
    const needle = await as('manager', '/api/needles', 'POST', { type: '3RL 0.25', lot: 'N-77' })
    expect(needle.status).toBe(200)
    stock.needle = idOf(needle.body)
    const list = await as('practitioner', '/api/pigments')
    expect((list.body as { id: string }[]).map((p) => p.id)).toContain(stock.pigment)
    const renamed = await as('owner', `/api/needles/${stock.needle}`, 'PUT', {
      type: '5RL',
      lot: 'n-77',
    })
    expect(renamed.body).toMatchObject({ type: '5RL', lot: 'N-77' })
  })

  it('refuses a practitioner and answers another company as unknown, writing nothing', async () => {
    await nothingWritten(async () => {
      expect((await as('practitioner', '/api/pigments', 'POST', ink)).status).toBe(403)
      expect((await as('practitioner', `/api/needles/${stock.needle}`, 'DELETE')).status).toBe(403)
      expect((await as('foreign', `/api/pigments/${stock.pigment}`)).status).toBe(404)
      expect((await as('foreign', `/api/pigments/${stock.pigment}`, 'PUT', ink)).status).toBe(404)
      expect((await as('foreign', `/api/needles/${stock.needle}`, 'DELETE')).status).toBe(404)
      expect((await as('foreign', '/api/needles')).body).toEqual([])
      expect((await t.call('/api/pigments', { company: BAINS.token })).status).toBe(401)
    })
  })
})

describe('dossiers and prestations', () => {
  it('lets a practitioner open their customer a file and record a prestation with its lots', async () => {
    const dossier = await as('practitioner', '/api/dossiers', 'POST', {
      customerId: people.lea,
      type: 'pmu',
      title: 'Sourcils',
    })
    expect(dossier.status).toBe(200)
    stock.dossier = idOf(dossier.body)
    const done = await as('practitioner', '/api/prestations', 'POST', {
      dossierId: stock.dossier,
      date: '2026-12-03',
      service: 'Microblading',
      practitionerId: '303',
      pigmentIds: [stock.pigment],
      needleIds: [stock.needle],
    })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({
      customerId: people.lea,
      pigments: [{ pigmentId: stock.pigment, lot: 'PB-2026/07', brand: 'Perma Blend' }],
      needles: [{ needleId: stock.needle, type: '5RL', lot: 'N-77' }],
    })
    stock.prestation = idOf(done.body)
    const listed = await as('owner', `/api/dossiers?customerId=${people.lea}&type=pmu`)
    expect((listed.body as unknown[]).length).toBe(1)
    expect((await as('owner', `/api/dossiers?customerId=${people.lea}&type=tattoo`)).body).toEqual(
      [],
    )
    const list = await as('manager', `/api/prestations?dossierId=${stock.dossier}`)
    expect((list.body as { id: string }[]).map((p) => p.id)).toEqual([stock.prestation])
  })

  it('keeps what a prestation used when the list entry changes afterwards', async () => {
    await as('owner', `/api/pigments/${stock.pigment}`, 'PUT', { ...ink, colour: 'Cocoa' })
    const read = await as('owner', `/api/prestations/${stock.prestation}`)
    expect(read.body).toMatchObject({ pigments: [{ colour: 'Honey' }] })
  })

  it('refuses an expired pigment, an unknown one, and another practitioner named', async () => {
    await nothingWritten(async () => {
      const base = { dossierId: stock.dossier, date: '2026-12-03', service: 'Retouche' }
      const expired = await as('owner', '/api/prestations', 'POST', {
        ...base,
        pigmentIds: [stock.old],
      })
      expect(expired.status).toBe(409)
      const unknown = await as('owner', '/api/prestations', 'POST', {
        ...base,
        needleIds: ['nope'],
      })
      expect(unknown.status).toBe(404)
      const other = await as('practitioner', '/api/prestations', 'POST', {
        ...base,
        practitionerId: '304',
      })
      expect(other.status).toBe(403)
    })
  })

  it("answers a practitioner outside their customers and another company's user as unknown", async () => {
    await nothingWritten(async () => {
      const noe = { customerId: people.noe, type: 'tattoo', title: 'Bras' }
      expect((await as('practitioner', '/api/dossiers', 'POST', noe)).status).toBe(404)
      expect((await as('practitioner', `/api/dossiers?customerId=${people.noe}`)).status).toBe(404)
      expect((await as('foreign', `/api/dossiers/${stock.dossier}`)).status).toBe(404)
      expect((await as('foreign', `/api/prestations/${stock.prestation}`)).status).toBe(404)
      expect((await as('foreign', `/api/prestations/${stock.prestation}`, 'DELETE')).status).toBe(
        404,
      )
      const moved = { customerId: people.noe, type: 'pmu', title: 'Sourcils' }
      expect((await as('owner', `/api/dossiers/${stock.dossier}`, 'PUT', moved)).status).toBe(404)
    })
    const noeFile = await as('owner', '/api/dossiers', 'POST', {
      customerId: people.noe,
      type: 'tattoo',
      title: 'Bras',
    })
    expect((await as('practitioner', `/api/dossiers/${idOf(noeFile.body)}`)).status).toBe(404)
    expect(
      (await as('practitioner', `/api/prestations?dossierId=${idOf(noeFile.body)}`)).status,
    ).toBe(404)
  })
})

describe('the lot search', () => {
  it('finds every customer a lot touched, whatever its case', async () => {
    const found = await as('manager', '/api/prestations/lots?lot=pb-2026/07')
    expect(found.status).toBe(200)
    expect(found.body).toEqual([
      expect.objectContaining({
        lot: 'PB-2026/07',
        kind: 'pigment',
        prestationId: stock.prestation,
        customer: expect.objectContaining({ firstname: 'Léa', lastname: 'Vidal' }),
      }),
    ])
    const needle = await as('owner', '/api/prestations/lots?lot=N-77')
    expect((needle.body as { kind: string }[]).map((u) => u.kind)).toEqual(['needle'])
  })

  it("refuses a practitioner and finds nothing of another company's", async () => {
    expect((await as('practitioner', '/api/prestations/lots?lot=N-77')).status).toBe(403)
    expect((await as('foreign', '/api/prestations/lots?lot=N-77')).body).toEqual([])
  })
})

describe('the customer profile and notes', () => {
  it('shows identity, notes, points and vouchers to staff who reach the customer', async () => {
    const saved = await as('practitioner', '/api/customers/notes', 'PUT', {
      artebeauteId: people.lea,
      notes: 'Allergie au nickel',
    })
    expect(saved.status).toBe(200)
    const profile = await as('owner', `/api/customers/profile?artebeauteId=${people.lea}`)
    expect(profile.body).toMatchObject({
      customer: { firstname: 'Léa', email: 'lea.files@example.com' },
      notes: 'Allergie au nickel',
      gifts: [],
    })
  })

  it('answers a practitioner outside their customers and another company as unknown', async () => {
    await nothingWritten(async () => {
      const noe = { artebeauteId: people.noe, notes: 'x' }
      expect((await as('practitioner', '/api/customers/notes', 'PUT', noe)).status).toBe(404)
      expect(
        (await as('practitioner', `/api/customers/profile?artebeauteId=${people.noe}`)).status,
      ).toBe(404)
      expect(
        (await as('foreign', `/api/customers/profile?artebeauteId=${people.lea}`)).status,
      ).toBe(404)
    })
  })
})

describe("the customer's e-shop orders", () => {
  it("shows the owner every one with its bill, a manager their shops', a practitioner none", async () => {
    const [lea] = await t.db.select().from(accounts).where(eq(accounts.id, people.lea))
    const order = (shopId: string, number: string) => ({
      companyId: lea?.companyId ?? 0,
      number,
      customerId: people.lea,
      shopId,
      status: 'paid' as const,
      subtotalCents: 2500,
      totalCents: 2500,
    })
    await t.db.insert(eshopOrders).values([order('1', 'E-FILE-1'), order('2', 'E-FILE-2')])
    const numbers = async (role: Role) => {
      const res = await as(role, `/api/customers/eshop-orders?artebeauteId=${people.lea}`)
      expect(res.status).toBe(200)
      return (res.body as { number: string; bill?: unknown }[]).map((o) => o.number).sort()
    }
    expect(await numbers('owner')).toEqual(['E-FILE-1', 'E-FILE-2'])
    expect(await numbers('manager')).toEqual(['E-FILE-2'])
    expect(await numbers('practitioner')).toEqual([])
    const owner = await as('owner', `/api/customers/eshop-orders?artebeauteId=${people.lea}`)
    expect((owner.body as { bill?: { payment: string } }[])[0]?.bill?.payment).toBe('paid')
    const foreign = await as('foreign', `/api/customers/eshop-orders?artebeauteId=${people.lea}`)
    expect(foreign.status).toBe(404)
  })
})

describe('export and erasure (the owner only)', () => {
  it('refuses managers and practitioners, writing nothing', async () => {
    await nothingWritten(async () => {
      for (const role of ['manager', 'practitioner'] as const) {
        expect((await as(role, `/api/customers/export?artebeauteId=${people.lea}`)).status).toBe(
          403,
        )
        const erase = await as(role, '/api/customers/erase', 'POST', { artebeauteId: people.lea })
        expect(erase.status).toBe(403)
      }
      const foreign = await as('foreign', '/api/customers/erase', 'POST', {
        artebeauteId: people.lea,
      })
      expect(foreign.status).toBe(404)
    })
  })

  it('exports everything held on the customer in one JSON archive', async () => {
    const archive = await as('owner', `/api/customers/export?artebeauteId=${people.lea}`)
    expect(archive.status).toBe(200)
    const body = archive.body as Record<string, unknown>
    expect(body).toMatchObject({
      format: 'customer-archive/1',
      notes: 'Allergie au nickel',
      dossiers: [{ id: stock.dossier }],
      prestations: [{ id: stock.prestation, pigments: [{ lot: 'PB-2026/07' }] }],
    })
    expect((body.orders as unknown[]).length).toBe(1)
    // the e-shop orders of the test above, each shop's
    expect((body.eshopOrders as { number: string }[]).map((o) => o.number).sort()).toEqual([
      'E-FILE-1',
      'E-FILE-2',
    ])
    expect(body.account).not.toHaveProperty('passwordHash')
  })

  it('erases the person and files, keeps orders anonymised and the lot uses without the person', async () => {
    const erased = await as('owner', '/api/customers/erase', 'POST', { artebeauteId: people.lea })
    expect(erased.body).toEqual({ erased: true, keptOrders: 1, keptLotUses: 2 })
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, people.lea))
    expect(row).toMatchObject({ phone: null, passwordHash: null })
    expect(row?.email).not.toContain('lea')
    expect(JSON.stringify(row?.profile)).not.toContain('Vidal')
    expect((await as('owner', `/api/dossiers/${stock.dossier}`)).status).toBe(404)
    const profile = await as('owner', `/api/customers/profile?artebeauteId=${people.lea}`)
    expect(profile.body).toMatchObject({ notes: '', customer: { firstname: '' } })
    const uses = await as('owner', '/api/prestations/lots?lot=PB-2026/07')
    expect(uses.body).toEqual([
      expect.objectContaining({ prestationId: stock.prestation, customer: null }),
    ])
    const history = await as('owner', `/api/customers/history?artebeauteId=${people.lea}`)
    expect((history.body as unknown[]).length).toBe(1)
    // nobody to find any more: neither the search nor the list names the anonymised row
    for (const filter of ['', 'erased']) {
      const found = await as('owner', '/api/customers/artebeaute/search', 'POST', { filter })
      expect(found.status).toBe(200)
      const ids = (found.body as { items: { artebeauteId: string }[] }).items.map(
        (item) => item.artebeauteId,
      )
      expect(ids).not.toContain(people.lea)
    }
    const listed = await as('owner', '/api/users')
    expect(listed.status).toBe(200)
    expect(JSON.stringify(listed.body)).not.toContain('erased.invalid')
  })
})
