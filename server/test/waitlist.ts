import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { waitlistEntries } from '#server/db/schema/index.ts'
import { setClock } from './appointments.ts'
import { startTestApi, type TestApi } from './harness.ts'

/**
 * The waitlist tests' tenant (wait.localhost, token wait-token, free provider, payment on): one
 * shop open only on Wednesdays from 09:00 to 11:00 with one employee and a one-hour cut, so two
 * bookings (09:00, 10:00) make the day full; a second shop that only colours. nowait.localhost
 * (token nowait-token) is the same salon with the waitlist switched off.
 */
export const WAIT = 'wait-token'
export const WAIT_HOST = 'wait.localhost'
export const NO_WAIT = 'nowait-token'
export const NOW = '2027-04-26T08:00:00Z'
export const DAY = '2027-04-28'

const closed = { status: 'closed', hours: [] }
const week = {
  monday: closed,
  tuesday: closed,
  wednesday: { status: 'day', hours: [{ start: '09:00', end: '11:00' }] },
  thursday: closed,
  friday: closed,
  saturday: closed,
  sunday: closed,
}

const files = {
  'company.json': {
    token: WAIT,
    nickname: 'wait',
    version: 1,
    identity: { displayName: 'Wait Spa', websiteURL: 'https://wait.example' },
    booker: {
      appointments: true,
      appointment: { payment: { active: true }, cuttingHours: 30 },
      payment: { provider: 'free', keys: { publicKey: null } },
      waitlist: { offerMinutes: 15 },
    },
  },
  'shops.json': [
    {
      id: 's1',
      slug: 'centre',
      timeZone: 'Europe/Paris',
      publicInfo: { name: 'Centre' },
      booker: { active: true },
      openingHours: week,
      articles: [{ id: 'cut', slug: 'coupe' }],
    },
    {
      id: 's2',
      slug: 'gare',
      timeZone: 'Europe/Paris',
      publicInfo: { name: 'Gare' },
      booker: { active: true },
      openingHours: week,
      articles: [{ id: 'color', slug: 'couleur' }],
    },
  ],
  'articles.json': [
    { id: 'cut', name: { fr: 'Coupe' }, slug: 'coupe', type: '1', prices: 4000, duration: 60 },
    {
      id: 'color',
      name: { fr: 'Couleur' },
      slug: 'couleur',
      type: '1',
      prices: 3000,
      duration: 30,
    },
  ],
  'resources.json': [
    {
      id: 'alice',
      type: 100,
      displayName: 'Alice',
      shopId: 's1',
      order: 1,
      visible: true,
      services: ['cut'],
      workingHours: week,
    },
    {
      id: 'gina',
      type: 100,
      displayName: 'Gina',
      shopId: 's2',
      order: 1,
      visible: true,
      services: ['color'],
      workingHours: week,
    },
  ],
  'users.json': [
    { id: 'staff', kind: 'provider', email: 'staff@wait.example', password: 'wait-staff-pass-1' },
  ],
}

export async function startWaitlistApi(): Promise<TestApi> {
  setClock(NOW)
  const root = mkdtempSync(join(tmpdir(), 'waitlist-tenants-'))
  const dir = join(root, WAIT_HOST)
  mkdirSync(dir)
  for (const [file, data] of Object.entries(files)) {
    writeFileSync(join(dir, file), JSON.stringify(data))
  }
  // the same salon without a waitlist (booker.waitlist.active false)
  const off = join(root, 'nowait.localhost')
  mkdirSync(off)
  for (const [file, data] of Object.entries(files)) {
    const company = { ...files['company.json'], token: NO_WAIT, nickname: 'nowait' }
    const booker = { ...company.booker, waitlist: { active: false } }
    const text = file === 'company.json' ? { ...company, booker } : data
    writeFileSync(join(off, file), JSON.stringify(text))
  }
  try {
    return await startTestApi({ seedFrom: root })
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

/** POST /api/waitlist */
export function joinLine(t: TestApi, bearer: string | undefined, body: Record<string, unknown>) {
  return t.call('/api/waitlist', {
    company: WAIT,
    ...(bearer === undefined ? {} : { bearer }),
    json: { shopId: 's1', servicesId: ['cut'], day: DAY, from: '09:00', to: '11:00', ...body },
  })
}

/** A one-hour cut at s1 on DAY, held, then confirmed through the free provider. */
export async function bookCut(t: TestApi, bearer: string, time: string): Promise<string> {
  const end = `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}${time.slice(2)}`
  const held = await t.call('/api/appointments', {
    company: WAIT,
    bearer,
    json: {
      shopid: 's1',
      serviceid: 'cut',
      start: `${DAY}T${time}`,
      end: `${DAY}T${end}`,
      myAppointment: {},
    },
  })
  if (held.status !== 200) throw new Error(`hold ${time}: ${JSON.stringify(held.body)}`)
  return payBookingCart(t, bearer)
}

/** initialize + pay (free provider) of the customer's open cart at s1; answers the cart id. */
export async function payBookingCart(t: TestApi, bearer: string): Promise<string> {
  const init = await t.call('/api/payment/initialize', {
    company: WAIT,
    bearer,
    json: { purpose: 'booking', shopId: 's1' },
  })
  const started = init.body as { cartId: string; result: { token: string } }
  if (init.status !== 200) throw new Error(`initialize: ${JSON.stringify(init.body)}`)
  const paid = await t.call('/api/payment/pay', {
    company: WAIT,
    bearer,
    json: { cartId: started.cartId, paymentToken: started.result.token },
  })
  if ((paid.body as { status?: string }).status !== 'succeeded') {
    throw new Error(`pay: ${JSON.stringify(paid.body)}`)
  }
  return started.cartId
}

/** The waitlist entries of a customer, as stored. */
export function entriesOf(t: TestApi, customerId: string) {
  return t.db.select().from(waitlistEntries).where(eq(waitlistEntries.customerId, customerId))
}
