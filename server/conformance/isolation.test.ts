import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listCalls } from '#contract/calls/index.ts'
import { accounts, tokens } from '#server/db/schema/index.ts'
import { hashPassword } from '#server/services/auth/index.ts'
import {
  changedTables,
  type Fingerprint,
  fingerprint,
  tableNames,
} from '#server/test/db-fingerprint.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { callKey } from './bad-input-cases.ts'
import { BODIES, validBody } from './bodies.ts'
import { type ByIdCall, byIdCall, isById, pathOf, sessionsFor, unknownLike } from './by-id.ts'
import { answerProblems, errorBodyProblems } from './error-body.ts'
import {
  type AlphaRows,
  explicitAttacks,
  foreignMarkers,
  seedAlphaRows,
} from './explicit-attacks.ts'
import { type ForeignRows, seedForeignRows } from './foreign-rows.ts'
import { pathWith, validParts } from './samples.ts'
import { seedTenant, type Tenant } from './sessions.ts'

/**
 * docs/security.md#tenant-isolation: with company A's sessions and credentials, none of company B's
 * posts, accounts, booking and e-shop orders, gifts, loyalty cards or settings can be read or
 * changed by id. Every by-id call of the contract is tried with B's ids (by-id.ts): 404 or 401 with
 * the normalised error, and not one row of the database changes; B itself can read the same rows
 * (so the ids are live, and the 404 is isolation, not a typo). Then the calls that take B's ids
 * in their body, A's lists, and A's credentials at B.
 */

/** By-id calls that are public by design, each with its reason: only "nothing changed" holds. */
const PUBLIC_BY_DESIGN: Readonly<Record<string, string>> = {
  'companies.tokenByHost': 'a host names its company publicly: sites ask it before any header',
}

/**
 * By-id calls that answer an unknown id without an error, by their contract: for B's id they
 * must answer exactly what they answer for an id that exists nowhere.
 */
const SAME_AS_UNKNOWN: Readonly<Record<string, string>> = {
  'appointments.priceTimes':
    'docs/product/5-rules.md#appointments: a list, empty when a parameter is wrong',
  'eshop.stock': 'the contract: 0 units for an article the company does not know',
  'eshop.verifyStock': 'the contract: per article, 0 units and not available when unknown',
  'bookingAdmin.byCustomer': 'a filter: the orders of a customer the company does not know: none',
}

/** GET by-id calls that B itself cannot read back as sent (the positive control is skipped). */
const NO_OWNER_READ: Readonly<Record<string, string>> = {
  'calendar.visit':
    'only the customer whose visit it is or its signed link opens it, tested in server/routes/calendar',
}

const byId = listCalls().filter(isById)
let t: TestApi
let a: Tenant
let b: Tenant
let rows: ForeignRows
let mine: AlphaRows
let bodies: Record<string, unknown>
let tables: string[]
let last: Fingerprint

/**
 * Tables that log a request by design, left out of the comparison: code_attempts counts every
 * unknown voucher or coupon code asked about, B's included, to throttle guessing (decision 017).
 */
const LOGS_BY_DESIGN: ReadonlySet<string> = new Set(['code_attempts'])

/** The database compared with the last look; the tables that changed since. */
async function changes(): Promise<string[]> {
  const now = await fingerprint(t.db, tables)
  const changed = changedTables(last, now)
  last = now
  return changed
}

/** An answer that echoes the id it was asked about, with B's id in place of the unknown one. */
function echoing(call: ByIdCall, body: unknown): unknown {
  let text = JSON.stringify(body) ?? 'null'
  for (const name of call.foreignKeys) {
    const value = call.params[name] ?? call.query[name] ?? ''
    text = text.replaceAll(JSON.stringify(unknownLike(value, name)), JSON.stringify(value))
  }
  return JSON.parse(text) as unknown
}

beforeAll(async () => {
  t = await startTestApi()
  a = await seedTenant(t, 'alpha')
  b = await seedTenant(t, 'beta')
  rows = await seedForeignRows(t, b)
  mine = await seedAlphaRows(t, a)
  // A's own settings as the PUT body: well-formed, so only B's token in the path can refuse it.
  const own = await t.call(`/api/companies/${a.token}`, {
    company: a.token,
    bearer: a.bearers.provider,
  })
  const { token: _, ...settings } = own.body as Record<string, unknown>
  bodies = { ...BODIES, 'companies.update': settings }
  tables = (await tableNames(t.db)).filter((name) => !LOGS_BY_DESIGN.has(name))
  last = await fingerprint(t.db, tables)
})
afterAll(() => t?.close())

describe('the by-id calls', () => {
  it('are found, and every exception names one of them', () => {
    expect(byId.length).toBeGreaterThan(50)
    const keys = new Set(byId.map(callKey))
    const exceptions = [PUBLIC_BY_DESIGN, SAME_AS_UNKNOWN, NO_OWNER_READ].flatMap(Object.keys)
    expect(exceptions.filter((key) => !keys.has(key))).toEqual([])
  })
})

describe('B reads its own rows by id (the ids are live)', () => {
  for (const entry of byId.filter((e) => e.def.method === 'GET')) {
    it(`${entry.def.path} (${callKey(entry)})`, async () => {
      if (callKey(entry) in NO_OWNER_READ) return
      const call = byIdCall(entry, rows, a, b)
      const session = sessionsFor(entry, b).at(-1)
      if (!session) throw new Error('no session')
      const res = await t.call(pathOf(call), session.options)
      expect(res.status, `${session.who}: ${JSON.stringify(res.body)}`).toBe(200)
    })
  }
})

describe('A cannot read or change B’s rows by id', () => {
  for (const entry of byId) {
    const key = callKey(entry)
    it(`${entry.def.method} ${entry.def.path} (${key}, auth ${entry.def.auth})`, async () => {
      const call = byIdCall(entry, rows, a, b)
      const body = validBody(key, entry.def, bodies)
      const json = body === undefined ? {} : { json: body }
      const problems: string[] = []
      for (const session of sessionsFor(entry, a)) {
        const path = pathOf(call)
        const res = await t.call(path, { ...session.options, ...json })
        const label = `${session.who} ${path}`
        if (key in SAME_AS_UNKNOWN) {
          const unknown = await t.call(pathOf(call, true), { ...session.options, ...json })
          for (const p of answerProblems(res, unknown.status, echoing(call, unknown.body))) {
            problems.push(`${label}: unlike an unknown id: ${p}`)
          }
        } else if (!(key in PUBLIC_BY_DESIGN)) {
          const status = res.status === 401 ? 401 : 404
          for (const p of errorBodyProblems(entry.def.group, res, { status })) {
            problems.push(`${label}: ${p}`)
          }
        }
        for (const table of await changes()) problems.push(`${label}: changed ${table}`)
      }
      expect(problems).toEqual([])
    })
  }
})

describe('B’s ids in bodies, and A’s sessions at B', () => {
  // Built when run: the attacks need the ids made in beforeAll.
  it('refuses each attempt (404 or 401) and changes nothing', async () => {
    const problems: string[] = []
    const attacks = explicitAttacks(rows, mine, a, b)
    for (const attack of attacks) {
      const res = await t.call(attack.path, attack.options)
      const status = res.status === 401 ? 401 : 404
      for (const p of errorBodyProblems(attack.group, res, { status })) {
        problems.push(`${attack.name} (${attack.path}): ${p}`)
      }
      for (const table of await changes()) problems.push(`${attack.name}: changed ${table}`)
    }
    expect(problems).toEqual([])
    expect(attacks.length).toBeGreaterThan(15)
  })
})

/** Lists of every company by design: the platform administrator's (decision 085). */
const EVERY_COMPANY: Readonly<Record<string, string>> = {
  'platform.companies': 'the platform administrator lists every company, no company’s session can',
}

describe('A’s lists and own reads show nothing of B', () => {
  const lists = listCalls().filter(
    (e) =>
      !isById(e) &&
      !(callKey(e) in EVERY_COMPANY) &&
      (e.def.method === 'GET' || callKey(e) === 'customers.search'),
  )
  for (const entry of lists) {
    it(`${entry.def.path} (${callKey(entry)})`, async () => {
      const key = callKey(entry)
      const path = pathWith(entry.def, {}, validParts(key, entry.def).query)
      const json = key === 'customers.search' ? { json: { filter: '' } } : {}
      const markers = foreignMarkers(rows, b)
      for (const session of sessionsFor(entry, a)) {
        const res = await t.call(path, { ...session.options, ...json })
        const text = JSON.stringify(res.body) ?? ''
        const leaked = markers.filter((marker) => text.includes(marker))
        expect({ who: session.who, status: res.status, leaked }).toMatchObject({ leaked: [] })
        expect(res.status).toBeLessThan(500)
      }
      expect(await changes()).toEqual([])
    })
  }
})

describe('A’s credentials do not open B', () => {
  it('signs in at A, and gets no session at B', async () => {
    await t.db
      .update(accounts)
      .set({ passwordHash: await hashPassword('alpha-access-pass') })
      .where(and(eq(accounts.companyId, a.companyId), eq(accounts.id, a.ids.access)))
    // The fixture accounts of alpha.localhost (users.json) and the access account above.
    const logins = [
      ['/api/users/login', { email: 'camille@example.com', password: 'alpha-password-1' }],
      ['/api/cmpusers/login', { email: 'staff@alpha.example', password: 'alpha-staff-pass' }],
      ['/api/access/login', { email: 'access@alpha.example', password: 'alpha-access-pass' }],
    ] as const
    const betaTokens = () => t.db.$count(tokens, eq(tokens.companyId, b.companyId))
    const before = await betaTokens()
    for (const [path, json] of logins) {
      const atA = await t.call(path, { company: a.token, json })
      expect({ path, body: atA.body }).toMatchObject({ body: { token: expect.any(String) } })
      const atB = await t.call(path, { company: b.token, json })
      expect(atB.status, path).toBeLessThan(500)
      expect((atB.body as { token?: unknown }).token, path).toBeUndefined()
    }
    expect(await betaTokens()).toBe(before)
  })
})
