import { fileURLToPath } from 'node:url'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointments } from '#server/db/schema/index.ts'
import { changedTables, fingerprint, tableNames } from '#server/test/db-fingerprint.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { insertBookingOrder, newCustomer } from '#server/test/orders.ts'

/**
 * The studio roles on every studio call (docs/decisions/072-studio-roles.md), with the demo
 * company users of README "The studio" signed in by their password: on bains-du-lac, Sophie
 * (owner), Marc (manager of shops 2 and 3) and Élodie (practitioner, resource 303 in shop 2);
 * Claire, owner of maison-lumiere, is another company's user.
 */

const tenants = fileURLToPath(new URL('../../../tenants', import.meta.url))
const BAINS = { host: 'bains-du-lac.localhost', token: '8796c37fe6734d21e38b5f59cf18c612' }
const LUMIERE = { host: 'maison-lumiere.localhost', token: '1fcc937c9e0423ceb7792f3c8a1a1234' }
const PASSWORD = 'demo-provider-2026'

let t: TestApi
const bearers: Record<'owner' | 'manager' | 'practitioner' | 'foreign', string> = {
  owner: '',
  manager: '',
  practitioner: '',
  foreign: '',
}
/** ideorders and ids: shop 1 (outside Marc's), shop 2 by Élodie, shop 2 by Thomas (304) */
const orders: Record<'shop1' | 'elodie' | 'thomas', { id: string; ideorder: string }> = {
  shop1: { id: '', ideorder: '' },
  elodie: { id: '', ideorder: '' },
  thomas: { id: '', ideorder: '' },
}
const customers = { elodies: '', others: '' }

async function signIn(company: string, email: string): Promise<string> {
  const res = await t.call('/api/cmpusers/login', {
    company,
    json: { email, password: PASSWORD },
  })
  const token = (res.body as { token?: string }).token
  if (!token) throw new Error(`no session for ${email}: ${JSON.stringify(res.body)}`)
  return token
}

async function order(shopId: string, employeeId: string, customerId: string) {
  const row = await insertBookingOrder(t.db, BAINS.host, {
    customerId,
    shopId,
    start: '2026-12-03T10:00',
    at: '2026-11-20T10:00:00Z',
  })
  await t.db
    .update(appointments)
    .set({ employeeId })
    .where(and(eq(appointments.companyId, row.companyId), eq(appointments.bookingOrderId, row.id)))
  return { id: row.id, ideorder: row.ideorder }
}

beforeAll(async () => {
  t = await startTestApi({ seedFrom: tenants })
  bearers.owner = await signIn(BAINS.token, 'sophie.girard@bains-du-lac.example')
  bearers.manager = await signIn(BAINS.token, 'marc.perrin@bains-du-lac.example')
  bearers.practitioner = await signIn(BAINS.token, 'elodie.roux@bains-du-lac.example')
  bearers.foreign = await signIn(LUMIERE.token, 'claire.dumas@maison-lumiere.example')
  const lea = await newCustomer(t.db, BAINS.host, 'lea@example.com', {
    profiles: [{ firstname: 'Léa', lastname: 'Vidal' }],
  })
  const noe = await newCustomer(t.db, BAINS.host, 'noe@example.com', {
    profiles: [{ firstname: 'Noé', lastname: 'Blanc' }],
  })
  customers.elodies = lea.id
  customers.others = noe.id
  orders.shop1 = await order('1', '301', noe.id)
  orders.elodie = await order('2', '303', lea.id)
  orders.thomas = await order('2', '304', noe.id)
})
afterAll(() => t.close())

type Role = keyof typeof bearers
const admin = (role: Role, path: string, method = 'GET', json?: unknown) =>
  t.call(path, { bearer: bearers[role], method, ...(json === undefined ? {} : { json }) })
const first = (role: Role, path: string, method = 'GET', json?: unknown) =>
  t.call(path, {
    company: role === 'foreign' ? LUMIERE.token : BAINS.token,
    bearer: bearers[role],
    method,
    ...(json === undefined ? {} : { json }),
  })

const idsOf = (body: unknown) => (body as { items: { id: string }[] }).items.map((o) => o.id)

/** Runs the requests, then checks no table changed (refusals write nothing). */
async function nothingWritten(run: () => Promise<void>) {
  const tables = await tableNames(t.db)
  const before = await fingerprint(t.db, tables)
  await run()
  expect(changedTables(before, await fingerprint(t.db, tables))).toEqual([])
}

describe('me states the role (docs/decisions/072-studio-roles.md)', () => {
  it("gives each demo user their role, and a practitioner's resources", async () => {
    const me = async (role: Role) => (await first(role, '/api/cmpusers/me')).body
    expect(await me('owner')).toMatchObject({ studioRole: 'owner' })
    expect(await me('owner')).not.toHaveProperty('resourceIds')
    expect(await me('manager')).toMatchObject({
      studioRole: 'manager',
      artebeauteIds: ['5002', '5003'],
    })
    expect(await me('practitioner')).toMatchObject({
      studioRole: 'practitioner',
      resourceIds: ['303'],
    })
  })
})

/** Every call the contract marks ownerOnly, as [kind, method, path, body]. */
const OWNER_CALLS: readonly [typeof admin, string, string, unknown?][] = [
  [admin, 'POST', '/bookingOrder/partialRefund', { appointment: refundOf('elodie') }],
  [admin, 'POST', '/bookingOrder/oldCredit/refund', { appointment: refundOf('elodie') }],
  [admin, 'GET', '/bookingOrder/aggregate'],
  [admin, 'GET', '/bookingShops/payment?start=2026-11-01&end=2026-11-30'],
  [admin, 'GET', '/giftShops/payment?start=2026-11-01&end=2026-11-30'],
  [admin, 'GET', '/giftOrders/history'],
  [admin, 'GET', '/giftOrders/history?shops=2&start=2026-11-01&mail=lea'],
  [admin, 'DELETE', '/giftOrders/delete?idgift=1'],
  [first, 'POST', '/api/payment/refund', { orderId: 'x', amount: 100 }],
  [first, 'GET', '/api/cmpusers'],
  [first, 'GET', '/api/cmpusers/1101'],
  [
    first,
    'POST',
    '/api/cmpusers/register',
    { email: 'new@bains.example', password: 'a-long-password-1', firstname: 'N', lastname: 'N' },
  ],
  [first, 'POST', '/api/cmpusers/link/1102', { artebeauteId: '5001' }],
  [
    first,
    'PUT',
    '/api/cmpusers/1103',
    {
      email: 'elodie.roux@bains-du-lac.example',
      firstname: 'É',
      lastname: 'R',
      studioRole: 'owner',
    },
  ],
  [first, 'DELETE', '/api/cmpusers/1101'],
  [first, 'GET', '/api/access'],
  [
    first,
    'POST',
    '/api/access/u/register',
    { email: 'a@bains.example', password: 'a-long-password-1', name: 'A' },
  ],
  [first, 'GET', '/api/companies'],
  // a customer's export and erasure (docs/decisions/079-customer-files-and-erasure.md)
  [first, 'GET', '/api/customers/export?artebeauteId=1'],
  [first, 'POST', '/api/customers/erase', { artebeauteId: '1' }],
]

function refundOf(key: keyof typeof orders) {
  return {
    get ideorder() {
      return orders[key].ideorder
    },
    get customerId() {
      return customers.elodies
    },
    amount: 100,
  }
}

describe("the owner's tools", () => {
  it('refuses a manager and a practitioner (403), writing nothing', async () => {
    await nothingWritten(async () => {
      for (const role of ['manager', 'practitioner'] as const) {
        for (const [call, method, path, body] of OWNER_CALLS) {
          const res = await call(role, path, method, body)
          expect({ role, path, status: res.status }).toEqual({ role, path, status: 403 })
          expect(res.body).toMatchObject({ type: 'forbidden' })
        }
      }
    })
  })

  it('lets the owner in', async () => {
    expect((await admin('owner', '/bookingOrder/aggregate')).body).toMatchObject({ count: 3 })
    expect((await first('owner', '/api/cmpusers')).status).toBe(200)
    expect((await admin('owner', '/giftOrders/history')).status).toBe(200)
  })

  it("keeps another company's owner out of this company's orders", async () => {
    const agg = await admin('foreign', '/bookingOrder/aggregate')
    expect(agg.body).toMatchObject({ count: 0 })
    await nothingWritten(async () => {
      const change = await admin('foreign', '/bookingOrder/changeStatus', 'PUT', {
        m_ideorder: orders.elodie.ideorder,
        m_status: 'noShow',
      })
      expect(change.status).toBe(404)
      // its session at this company's header is no session here
      const staff = await t.call('/api/cmpusers', { company: BAINS.token, bearer: bearers.foreign })
      expect(staff).toMatchObject({ status: 401, body: { type: 'invalidToken' } })
    })
  })
})

describe("a manager reaches only their shops' orders", () => {
  it('narrows the history to their shops; a shops filter outside them is 403', async () => {
    const mine = await admin('manager', '/bookingOrder/history')
    expect(idsOf(mine.body).sort()).toEqual([orders.elodie.id, orders.thomas.id].sort())
    const two = await admin('manager', '/bookingOrder/history?shops=2')
    expect(idsOf(two.body)).toHaveLength(2)
    const outside = await admin('manager', '/bookingOrder/history?shops=2,1')
    expect(outside).toMatchObject({ status: 403, body: { type: 'forbidden' } })
    const all = await admin('owner', '/bookingOrder/history')
    expect(idsOf(all.body)).toHaveLength(3)
  })

  it('answers an order of another shop as unknown (404), changing nothing', async () => {
    await nothingWritten(async () => {
      const q = `?ideorder=${orders.shop1.ideorder}`
      expect((await admin('manager', `/bookingOrder/ideorder${q}`)).status).toBe(404)
      expect((await admin('manager', `/bookingOrder/oldCredit/ideorder${q}`)).status).toBe(404)
      expect((await admin('manager', `/bookingOrder/eorder/use${q}`)).status).toBe(404)
      const change = await admin('manager', '/bookingOrder/changeStatus', 'PUT', {
        m_ideorder: orders.shop1.ideorder,
        m_status: 'noShow',
      })
      expect(change.status).toBe(404)
      const pay = await first('manager', '/api/payment/at-shop', 'POST', {
        orderId: orders.shop1.id,
        amount: 6500,
      })
      expect(pay.status).toBe(404)
      const byCustomer = await admin(
        'manager',
        `/bookingOrder/customerId?customerId=${customers.others}`,
      )
      expect((byCustomer.body as { id: string }[]).map((o) => o.id)).toEqual([orders.thomas.id])
    })
  })

  it('changes the status of an order of their shop', async () => {
    const change = await admin('manager', '/bookingOrder/changeStatus', 'PUT', {
      m_ideorder: orders.thomas.ideorder,
      m_status: 'completed',
    })
    expect(change).toMatchObject({ status: 200, body: { status: 'completed' } })
  })
})

describe("the history's totals (docs/decisions/076-studio-reports.md)", () => {
  const totals = (role: Role, query = '') => admin(role, `/bookingOrder/history/totals${query}`)

  it("the owner's cover every shop, a manager's their shops; another company's nothing", async () => {
    expect((await totals('owner')).body).toMatchObject({ count: 3 })
    expect((await totals('manager')).body).toMatchObject({ count: 2 })
    expect((await totals('manager', '?shops=2')).body).toMatchObject({ count: 2 })
    expect((await totals('foreign')).body).toMatchObject({ count: 0 })
  })

  it("refuses a manager's shops filter beyond theirs and any practitioner (403)", async () => {
    const outside = await totals('manager', '?shops=1')
    expect(outside).toMatchObject({ status: 403, body: { type: 'forbidden' } })
    for (const query of ['', '?shops=2']) {
      const res = await totals('practitioner', query)
      expect(res).toMatchObject({ status: 403, body: { type: 'forbidden' } })
    }
  })
})

describe('a practitioner reaches only their agenda and their customers', () => {
  it('narrows the history to appointments of their resources', async () => {
    const mine = await admin('practitioner', '/bookingOrder/history')
    expect(idsOf(mine.body)).toEqual([orders.elodie.id])
    const outside = await admin('practitioner', '/bookingOrder/history?shops=3')
    expect(outside.status).toBe(403)
  })

  it("answers another resource's order as unknown, changing nothing", async () => {
    await nothingWritten(async () => {
      const q = `?ideorder=${orders.thomas.ideorder}`
      expect((await admin('practitioner', `/bookingOrder/ideorder${q}`)).status).toBe(404)
      const change = await admin('practitioner', '/bookingOrder/changeStatus', 'PUT', {
        m_ideorder: orders.thomas.ideorder,
        m_status: 'noShow',
      })
      expect(change.status).toBe(404)
    })
    expect(
      (await admin('practitioner', `/bookingOrder/ideorder?ideorder=${orders.elodie.ideorder}`))
        .status,
    ).toBe(200)
  })

  it('finds only their own customers, and reads only their files', async () => {
    const search = await first('practitioner', '/api/customers/artebeaute/search', 'POST', {})
    const found = (search.body as { items: { artebeauteId: string }[] }).items
    expect(found.map((c) => c.artebeauteId)).toEqual([customers.elodies])
    const list = await first('practitioner', '/api/users')
    expect((list.body as { id: string }[]).map((c) => c.id)).toEqual([customers.elodies])
    const other = `artebeauteId=${customers.others}`
    expect((await first('practitioner', `/api/customers/history?${other}`)).status).toBe(404)
    expect((await first('practitioner', `/api/customers/remainingamount?${other}`)).status).toBe(
      404,
    )
    const remaining = `/customers/remainingAmount?customerId=${customers.others}`
    expect((await admin('practitioner', remaining)).status).toBe(404)
    const own = await first(
      'practitioner',
      `/api/customers/history?artebeauteId=${customers.elodies}`,
    )
    expect((own.body as { id: string }[]).map((o) => o.id)).toEqual([orders.elodie.id])
    const managerSearch = await first('manager', '/api/customers/artebeaute/search', 'POST', {})
    expect((managerSearch.body as { total: number }).total).toBeGreaterThanOrEqual(3)
  })
})

describe('the owner sets roles (PUT /api/cmpusers/:id)', () => {
  const marc = { email: 'marc.perrin@bains-du-lac.example', firstname: 'Marc', lastname: 'Perrin' }

  it('makes a manager a practitioner of a resource; the next call applies it', async () => {
    const res = await first('owner', '/api/cmpusers/1102', 'PUT', {
      ...marc,
      studioRole: 'practitioner',
      resourceIds: ['304'],
    })
    expect(res.body).toMatchObject({ studioRole: 'practitioner', resourceIds: ['304'] })
    const history = await admin('manager', '/bookingOrder/history')
    expect(idsOf(history.body)).toEqual([orders.thomas.id])
    const back = await first('owner', '/api/cmpusers/1102', 'PUT', {
      ...marc,
      studioRole: 'manager',
    })
    expect(back.body).toMatchObject({ studioRole: 'manager' })
  })

  it("refuses another company's resource and the owner's own demotion, writing nothing", async () => {
    await nothingWritten(async () => {
      const unknown = await first('owner', '/api/cmpusers/1102', 'PUT', {
        ...marc,
        resourceIds: ['999'],
      })
      expect(unknown.status).toBe(404)
      const self = await first('owner', '/api/cmpusers/1101', 'PUT', {
        email: 'sophie.girard@bains-du-lac.example',
        firstname: 'Sophie',
        lastname: 'Girard',
        studioRole: 'manager',
      })
      expect(self).toMatchObject({ status: 409, body: { type: 'cannotDemoteSelf' } })
    })
  })
})
