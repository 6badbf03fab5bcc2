import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setClock } from '#server/test/appointments.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

/**
 * The desk's calls and the studio roles (docs/decisions/072-studio-roles.md,
 * docs/decisions/077-desk-booking.md), with the demo users of README "The studio": on
 * bains-du-lac Sophie (owner), Marc (manager of shops 2 and 3), Élodie (practitioner, resource
 * 303 in shop 2; Thomas is 304, Sophie 301 in shop 1); Claire owns maison-lumiere.
 */
const tenants = fileURLToPath(new URL('../../../tenants', import.meta.url))
const BAINS = '8796c37fe6734d21e38b5f59cf18c612'
const LUMIERE = '1fcc937c9e0423ceb7792f3c8a1a1234'
const PASSWORD = 'demo-provider-2026'
const DAY = '2026-12-03'

let t: TestApi
const bearers = { owner: '', manager: '', practitioner: '', foreign: '' }
type Role = keyof typeof bearers

async function signIn(company: string, email: string): Promise<string> {
  const res = await t.call('/api/cmpusers/login', { company, json: { email, password: PASSWORD } })
  const token = (res.body as { token?: string }).token
  if (!token) throw new Error(`no session for ${email}: ${JSON.stringify(res.body)}`)
  return token
}

beforeAll(async () => {
  setClock('2026-11-30T08:00:00Z')
  t = await startTestApi({ seedFrom: tenants })
  bearers.owner = await signIn(BAINS, 'sophie.girard@bains-du-lac.example')
  bearers.manager = await signIn(BAINS, 'marc.perrin@bains-du-lac.example')
  bearers.practitioner = await signIn(BAINS, 'elodie.roux@bains-du-lac.example')
  bearers.foreign = await signIn(LUMIERE, 'claire.dumas@maison-lumiere.example')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

const call = (role: Role, path: string, json: unknown, method = 'POST') =>
  t.call(path, { bearer: bearers[role], method, json })
let n = 0
/** A visit of service 131 (30 min) at the shop, at this hour, in this column, for a new customer. */
const visit = (shopId: string, hour: string, resourceId?: string) => {
  n += 1
  return {
    shopId,
    newCustomer: {
      firstname: 'Desk',
      lastname: `Customer ${n}`,
      phone: `06 00 00 00 ${String(n).padStart(2, '0')}`,
      email: `desk${n}@example.com`,
    },
    slots: [
      {
        serviceId: '131',
        start: `${DAY}T${hour}`,
        end: `${DAY}T${hour.slice(0, 3)}30`,
        ...(resourceId ? { resourceId } : {}),
      },
    ],
  }
}
const book = async (role: Role, body: ReturnType<typeof visit>) => {
  const res = await call(role, '/bookingOrder/desk', body)
  return { status: res.status, body: res.body as { ideorder: string; type?: string } }
}

describe('desk booking and the roles', () => {
  it("refuses a manager another shop's desk, and books at theirs", async () => {
    expect((await book('manager', visit('1', '10:00', '301'))).status).toBe(403)
    expect((await book('manager', visit('2', '10:00', '304'))).status).toBe(200)
  })

  it('keeps a practitioner to their own columns, named', async () => {
    expect((await book('practitioner', visit('2', '11:00', '304'))).status).toBe(403)
    expect((await book('practitioner', visit('2', '11:00'))).status).toBe(403)
    expect((await book('practitioner', visit('1', '11:00', '301'))).status).toBe(403)
    expect((await book('practitioner', visit('2', '11:00', '303'))).status).toBe(200)
  })

  it("refuses another company's user (its bearer names its own company: no such shop)", async () => {
    const res = await book('foreign', visit('2', '12:00', '303'))
    expect([403, 404]).toContain(res.status)
  })
})

describe('moves and cancellations and the roles', () => {
  let shop1 = ''
  let elodies = ''
  let thomas = ''
  beforeAll(async () => {
    shop1 = (await book('owner', visit('1', '14:00', '301'))).body.ideorder
    elodies = (await book('owner', visit('2', '14:00', '303'))).body.ideorder
    thomas = (await book('owner', visit('2', '15:00', '304'))).body.ideorder
  })
  const move = (role: Role, ideorder: string, start: string, resourceId?: string) =>
    call(
      role,
      '/bookingOrder/move',
      { ideorder, start, ...(resourceId ? { resourceId } : {}) },
      'PUT',
    )

  it("answers a visit out of reach as unknown: another shop's for a manager, another column's for a practitioner, another company's", async () => {
    expect((await move('manager', shop1, `${DAY}T16:00`)).status).toBe(404)
    expect((await move('practitioner', thomas, `${DAY}T16:00`)).status).toBe(404)
    expect((await move('foreign', elodies, `${DAY}T16:00`)).status).toBe(404)
  })

  it('lets a practitioner move their visit within their column only', async () => {
    expect((await move('practitioner', elodies, `${DAY}T16:00`, '304')).status).toBe(403)
    const own = await move('practitioner', elodies, `${DAY}T16:00`)
    expect(own.status, JSON.stringify(own.body)).toBe(200)
  })

  it('gives the override to the owner only', async () => {
    const cancel = (role: Role, ideorder: string, override?: string) =>
      call(role, '/bookingOrder/cancel', { ideorder, ...(override ? { override } : {}) }, 'PUT')
    expect((await cancel('manager', thomas, 'none')).status).toBe(403)
    expect((await cancel('practitioner', elodies, 'credit')).status).toBe(403)
    expect((await cancel('manager', shop1)).status).toBe(404)
    expect((await cancel('foreign', thomas)).status).toBe(404)
    const owner = await cancel('owner', thomas, 'none')
    expect(owner.status, JSON.stringify(owner.body)).toBe(200)
    expect(owner.body).toMatchObject({ order: { status: 'cancelled' } })
  })
})
