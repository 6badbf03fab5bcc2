import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CallDef } from '#contract/call.ts'
import { accessCalls } from '#contract/calls/access.ts'
import { cmpusersCalls } from '#contract/calls/cmpusers.ts'
import { linksProfilesCalls } from '#contract/calls/links-profiles.ts'
import { usersCalls } from '#contract/calls/users.ts'
import { accounts } from '#server/db/schema/index.ts'
import { issueToken } from '#server/services/auth/index.ts'
import { bearer, type CallOptions, startTestApi, type TestApi } from '#server/test/harness.ts'
import { accountTableCounts, companyIdOf } from '#server/test/users.ts'

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

/**
 * The bad-input table (docs/security.md#bad-input) for every account call (users, links, profiles,
 * company users, access): malformed JSON, wrong types, missing fields or query, missing or unknown
 * company, missing or foreign bearer. Each answers its 4xx with the normalised error of its group,
 * and no table an account call writes changes.
 */

let t: TestApi
const sessions: Record<string, string> = {}
let foreign = ''

beforeAll(async () => {
  t = await startTestApi()
  sessions.customer = await bearer(t, 'alpha.localhost', 'customer')
  sessions.provider = await bearer(t, 'alpha.localhost', 'provider')
  const companyId = await companyIdOf(t, 'alpha.localhost')
  await t.db
    .insert(accounts)
    .values({ companyId, kind: 'access', id: 'acc-1', email: 'desk@alpha.example' })
  sessions.access = (
    await issueToken(t.db, { companyId, kind: 'access', subjectId: 'acc-1' })
  ).token
  sessions.optional = sessions.customer
  // A session of another company, presented to alpha.
  foreign = await bearer(t, 'beta.localhost', 'customer')
})
afterAll(() => t.close())

const DEFS: readonly CallDef[] = [
  ...Object.values(usersCalls),
  ...Object.values(linksProfilesCalls),
  ...Object.values(cmpusersCalls),
  ...Object.values(accessCalls),
]

/** A path with acceptable params: ids name a seeded account, tokens look like ours. */
const pathOf = (def: CallDef) => def.path.replace(':token', 'A'.repeat(43)).replace(':id', 'acc-1')

interface Case {
  readonly name: string
  readonly options: CallOptions
  readonly path?: string
  readonly status: number
  readonly type: string
}

/** An object body of the call's keys, all of a wrong type, that the schema refuses. */
function wrongTypes(def: CallDef): unknown {
  const shape =
    (def.body as unknown as { _zod: { def: { shape?: Record<string, unknown> } } })._zod.def
      .shape ?? {}
  for (const value of [12345, true, [], {}]) {
    const body = Object.fromEntries(Object.keys(shape).map((key) => [key, value]))
    if (!def.body?.safeParse(body).success) return body
  }
  throw new Error(`no wrong body for ${def.path}`)
}

function casesOf(def: CallDef): Case[] {
  const withBody = def.body ? { json: {} } : {}
  const cases: Case[] = [
    { name: 'no company', options: withBody, status: 400, type: 'companyRequired' },
    {
      name: 'unknown company',
      options: { company: 'no-such-token', ...withBody },
      status: 404,
      type: 'societyNotRegister',
    },
    {
      name: 'foreign bearer',
      options: { company: 'alpha-token', bearer: foreign, ...withBody },
      status: 401,
      type: 'invalidToken',
    },
  ]
  if (def.auth === 'none') cases.pop()
  const session = sessions[def.auth]
  if (def.auth === 'customer' || def.auth === 'provider' || def.auth === 'access') {
    cases.push({
      name: 'no bearer',
      options: { company: 'alpha-token', ...withBody },
      status: 401,
      type: 'unauthorized',
    })
  }
  const ok = { company: 'alpha-token', ...(session ? { bearer: session } : {}) }
  if (def.body) {
    cases.push(
      {
        name: 'malformed JSON',
        options: { ...ok, raw: '{"email": ' },
        status: 400,
        type: 'invalidJson',
      },
      { name: 'not an object', options: { ...ok, json: 42 }, status: 400, type: 'invalidInput' },
      {
        name: 'wrong types',
        options: { ...ok, json: wrongTypes(def) },
        status: 400,
        type: 'invalidInput',
      },
    )
    if (!def.body.safeParse({}).success) {
      cases.push({
        name: 'missing fields',
        options: { ...ok, json: {} },
        status: 400,
        type: 'invalidInput',
      })
    }
  }
  if (def.query && !def.query.safeParse({}).success) {
    cases.push({ name: 'missing query', options: ok, status: 400, type: 'invalidInput' })
  }
  if (def.path.includes(':token')) {
    const path = def.path.replace(':token', 'short')
    cases.push({
      name: 'malformed token',
      options: { ...ok, ...(def.body ? { json: { password: 'good-password-1' } } : {}) },
      path,
      status: 400,
      type: 'invalidInput',
    })
  }
  return cases
}

describe('account calls: bad input is a normalised 4xx and writes nothing', () => {
  it('holds for every call and case', async () => {
    const before = await accountTableCounts(t)
    let checked = 0
    for (const def of DEFS) {
      for (const c of casesOf(def)) {
        const res = await t.call(c.path ?? pathOf(def), { method: def.method, ...c.options })
        const label = `${def.method} ${def.path} (${c.name})`
        const body = res.body as {
          code?: number
          errors?: { code: number; message: string }
          message?: string
          type: string
        }
        const error = def.group === 'marketplace' ? body.errors : body
        expect({ label, status: res.status, type: body.type }).toEqual({
          label,
          status: c.status,
          type: c.type,
        })
        expect({ label, code: error?.code }).toEqual({ label, code: c.status })
        expect(typeof error?.message).toBe('string')
        checked++
      }
    }
    expect(checked).toBeGreaterThan(150)
    expect(await accountTableCounts(t)).toEqual(before)
  })
})
