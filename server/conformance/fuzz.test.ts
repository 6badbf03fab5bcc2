import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listCalls } from '#contract/calls/index.ts'
import {
  changedTables,
  type Fingerprint,
  fingerprint,
  tableNames,
} from '#server/test/db-fingerprint.ts'
import type { TestApi } from '#server/test/harness.ts'
import { callKey } from './bad-input-cases.ts'
import { answerProblems, errorBodyProblems } from './error-body.ts'
import { FUZZ_SEED, fuzzCases } from './fuzz-cases.ts'
import { isServed, startServedApi } from './registered.ts'
import { seedTenant, staffBearer, type Tenant } from './sessions.ts'

/**
 * docs/decisions/016-bad-input.md: malformed requests generated from every call's contract
 * (fuzz-cases.ts), sent through the real HTTP server: each is a 4xx in the docs/product/8-errors.md
 * error shape of the call's group (413 included), never a 5xx, and writes nothing (the whole
 * database is fingerprinted around each call's batch; bad-input.test.ts fingerprints after every
 * request of its smaller table).
 */

/** Calls that answer odd input by design rather than refusing it: the answer expected. */
const ANSWERS: Readonly<Record<string, { answer: unknown; reason: string }>> = {
  'appointments.priceTimes': {
    answer: [],
    reason:
      'docs/product/5-rules.md#appointments: a list, empty when a parameter is missing or wrong',
  },
}

/** Calls that read no input at all: nothing of theirs can be malformed. */
const NO_INPUT: ReadonlySet<string> = new Set([
  // no params, query, body or session; the company header is optional (bad-input-cases.ts)
  'companies.offline',
  // no input, no session: the platform's installation state and its sites' hosts (decision 085)
  'platform.installed',
  'platform.sites',
])

const entries = listCalls()
let t: TestApi
let routes: ReadonlySet<string>
let a: Tenant
let tables: string[]
let last: Fingerprint
const tally = { routes: 0, requests: 0, serverErrors: 0, validBase: 0, withBody: 0, lists: 0 }

beforeAll(async () => {
  ;({ t, routes } = await startServedApi())
  a = await seedTenant(t, 'alpha')
  await seedTenant(t, 'beta')
  tables = await tableNames(t.db)
  last = await fingerprint(t.db, tables)
})
afterAll(async () => {
  // The coverage of this run, for the CI log.
  console.log(
    `fuzz: ${tally.requests} malformed requests on ${tally.routes} routes ` +
      `(${tally.validBase}/${tally.withBody} bodies built valid around the odd value), ` +
      `${tally.serverErrors} server errors, ${tally.lists} list-shaped values`,
  )
  await t?.close()
})

describe('malformed input: a normalised 4xx, never a 5xx, nothing written', () => {
  entries.forEach((entry, index) => {
    const { def } = entry
    const key = callKey(entry)
    it(`${def.method} ${def.path} (${key}, ${def.group})`, async () => {
      // Unserved calls fail the registration test of bad-input.test.ts.
      if (!isServed(routes, entry)) return
      const { cases, validBase } = fuzzCases(entry, a, FUZZ_SEED + index)
      tally.routes++
      if (def.body) {
        tally.withBody++
        if (validBase) tally.validBase++
      }
      const problems: string[] = []
      for (const c of cases) {
        const res = await t.call(c.path, c.options)
        tally.requests++
        if (c.name.startsWith('list ')) tally.lists++
        if (res.status >= 500) tally.serverErrors++
        const answered = ANSWERS[key]
        // a valid list at its bounds may be answered (list-cases.ts): only a 5xx is wrong
        const wrong =
          c.mayPass && res.status < 400
            ? []
            : answered && res.status === 200
              ? answerProblems(res, 200, answered.answer)
              : res.status >= 400 && res.status < 500
                ? errorBodyProblems(def.group, res, { status: res.status })
                : [`status ${res.status}: ${JSON.stringify(res.body)?.slice(0, 200)}`]
        if (c.name === 'body: over 1 MiB' && res.status !== 413) wrong.push('not 413')
        for (const problem of wrong) problems.push(`${c.name}: ${problem}`)
      }
      const after = await fingerprint(t.db, tables)
      const changed = changedTables(last, after)
      last = after
      if (changed.length > 0) problems.push(`database changed: ${changed.join(', ')}`)
      expect(problems).toEqual([])
      expect(cases.length > 0, 'no malformed request for this call').toBe(!NO_INPUT.has(key))
    })
  })

  it('covered every call with many requests each', () => {
    expect(tally.routes).toBe(entries.filter((entry) => isServed(routes, entry)).length)
    expect(tally.requests).toBeGreaterThan(tally.routes * 10)
    expect(tally.serverErrors).toBe(0)
    // every list param of the contract got its list cases (docs/decisions/062-visit-bound-and-list-params.md)
    expect(tally.lists).toBeGreaterThanOrEqual(4 * 15)
  })
})

describe("the owner's calls fuzzed as a manager: refused, never a 5xx, nothing written", () => {
  // docs/decisions/072-studio-roles.md: the role is checked before any input is read
  let manager: Tenant
  beforeAll(async () => {
    manager = { ...a, bearers: { ...a.bearers, provider: await staffBearer(t, a, 'manager') } }
    last = await fingerprint(t.db, tables)
  })

  entries
    .filter((entry) => entry.def.ownerOnly)
    .forEach((entry, index) => {
      const { def } = entry
      const key = callKey(entry)
      it(`${def.method} ${def.path} (${key})`, async () => {
        if (!isServed(routes, entry)) return
        const problems: string[] = []
        let forbidden = 0
        for (const c of fuzzCases(entry, manager, FUZZ_SEED + index).cases) {
          const res = await t.call(c.path, c.options)
          if (res.status === 403) forbidden++
          const wrong =
            res.status >= 400 && res.status < 500
              ? errorBodyProblems(def.group, res, { status: res.status })
              : [`status ${res.status}: ${JSON.stringify(res.body)?.slice(0, 200)}`]
          for (const problem of wrong) problems.push(`${c.name}: ${problem}`)
        }
        if (!def.params) {
          // a call without input has only header cases: its plain request is refused too
          const plain = await t.call(def.path, {
            method: def.method,
            company: a.token,
            bearer: manager.bearers.provider,
          })
          if (plain.status === 403) forbidden++
        }
        const after = await fingerprint(t.db, tables)
        const changed = changedTables(last, after)
        last = after
        if (changed.length > 0) problems.push(`database changed: ${changed.join(', ')}`)
        expect(problems).toEqual([])
        expect(forbidden, 'no request reached the role check').toBeGreaterThan(0)
      })
    })
})
