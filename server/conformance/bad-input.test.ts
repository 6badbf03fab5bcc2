import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listCalls } from '#contract/calls/index.ts'
import { companies } from '#server/db/schema/index.ts'
import {
  changedTables,
  type Fingerprint,
  fingerprint,
  tableNames,
} from '#server/test/db-fingerprint.ts'
import type { TestApi } from '#server/test/harness.ts'
import { badInputCases, callKey, OTHERWISE_KEYS, valueChecksOf } from './bad-input-cases.ts'
import { answerProblems, errorBodyProblems } from './error-body.ts'
import {
  ALLOWED_UNIMPLEMENTED,
  isServed,
  registrationProblems,
  startServedApi,
} from './registered.ts'
import { seedTenant, type Tenant } from './sessions.ts'

/**
 * docs/security.md#bad-input: bad input sent to every call of the contract (listCalls(), none left
 * out) through the real HTTP server: a missing or unknown company, a missing, foreign or
 * wrong-kind bearer, malformed JSON, wrong types in body, query and path. Each answers the 4xx
 * named in bad-input-cases.ts with the normalised error of its group (docs/product/8-errors.md), and no table
 * changes: the whole database is fingerprinted after every request.
 */

/**
 * No table is left out of the fingerprint: a refused request writes nothing, not even a login
 * attempt (validation runs before any handler). Tables that log attempts by design would go
 * here, with the reason.
 */
const UNWATCHED_TABLES: ReadonlySet<string> = new Set()

/**
 * Calls for which no value of a kind can be wrong (the schema takes any string or any body):
 * written out so a new call without a value check is noticed, not silently passed.
 */
const NO_BODY_CHECK: ReadonlySet<string> = new Set()
const NO_QUERY_CHECK: ReadonlySet<string> = new Set()
const NO_PARAM_CHECK: ReadonlySet<string> = new Set([
  // any non-empty code is a fair question: an unknown code is answered, not refused
  'gifts.check',
])

const entries = listCalls()
let t: TestApi
let routes: ReadonlySet<string>
let a: Tenant
let b: Tenant
let tables: string[]
let last: Fingerprint
let sent = 0
const usedOtherwise = new Set<string>()

beforeAll(async () => {
  ;({ t, routes } = await startServedApi())
  a = await seedTenant(t, 'alpha')
  b = await seedTenant(t, 'beta')
  tables = (await tableNames(t.db)).filter((name) => !UNWATCHED_TABLES.has(name))
  last = await fingerprint(t.db, tables)
})
afterAll(() => t?.close())

describe('the database check', () => {
  it('notices a change of one value in one row (it is not vacuous)', async () => {
    const [row] = await t.db.select().from(companies).where(eq(companies.id, b.companyId))
    if (!row) throw new Error('no beta company')
    const set = (nickname: string) =>
      t.db.update(companies).set({ nickname }).where(eq(companies.id, b.companyId))
    await set(`${row.nickname}-changed`)
    const n = last.get('companies')?.rows
    expect(changedTables(last, await fingerprint(t.db, tables))).toEqual([
      `companies: ${n} rows -> ${n} rows`,
    ])
    await set(row.nickname)
    expect(changedTables(last, await fingerprint(t.db, tables))).toEqual([])
  })
})

describe('every call of the contract is served', () => {
  it('registers a route for each call of listCalls()', () => {
    expect(entries.length).toBeGreaterThan(100)
    const { missing, staleAllowances } = registrationProblems(routes, entries)
    expect({ missing, staleAllowances }).toEqual({ missing: [], staleAllowances: [] })
  })
})

describe('bad input: a normalised 4xx, nothing written', () => {
  for (const entry of entries) {
    const { def } = entry
    it(`${def.method} ${def.path} (${callKey(entry)}, ${def.group}, auth ${def.auth})`, async () => {
      if (!isServed(routes, entry)) {
        // Reported by the registration test; an allowed gap has its reason in registered.ts.
        expect(ALLOWED_UNIMPLEMENTED[callKey(entry)], 'not served by the server').toBeDefined()
        return
      }
      const cases = badInputCases(entry, a, b)
      const problems: string[] = []
      for (const c of cases) {
        const res = await t.call(c.path, c.options)
        sent++
        if (c.otherwise) usedOtherwise.add(c.otherwise)
        const wrong =
          c.answer === undefined
            ? errorBodyProblems(def.group, res, c)
            : answerProblems(res, c.status, c.answer)
        const after = await fingerprint(t.db, tables)
        const changed = changedTables(last, after)
        last = after
        if (changed.length > 0) wrong.push(`database changed: ${changed.join(', ')}`)
        for (const problem of wrong) problems.push(`${c.name} (${c.path}): ${problem}`)
      }
      expect(problems).toEqual([])
      const checks = valueChecksOf(cases)
      const key = callKey(entry)
      if (def.body) expect(checks.body || NO_BODY_CHECK.has(key), 'no wrong body').toBe(true)
      if (def.query) expect(checks.query || NO_QUERY_CHECK.has(key), 'no wrong query').toBe(true)
      if (def.params) expect(checks.params || NO_PARAM_CHECK.has(key), 'no wrong path').toBe(true)
    })
  }

  it('sent the whole table', () => {
    // Eight cases or so per call: far fewer means the table lost its cases somewhere.
    expect(sent).toBeGreaterThan(entries.length * 5)
    // An exception that no case meets any more is stale: it must go.
    expect(OTHERWISE_KEYS.filter((key) => !usedOtherwise.has(key))).toEqual([])
  })
})
