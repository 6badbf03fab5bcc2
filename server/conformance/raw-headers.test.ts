import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listCalls } from '#contract/calls/index.ts'
import type { AccountKind } from '#server/db/schema/index.ts'
import { issueToken } from '#server/services/auth/index.ts'
import type { TestApi } from '#server/test/harness.ts'
import { rawJson, rawRequest } from '#server/test/raw-http.ts'
import { callKey, sendsCompany } from './bad-input-cases.ts'
import { baseBody } from './base-body.ts'
import { errorBodyProblems } from './error-body.ts'
import { isServed, startServedApi } from './registered.ts'
import { pathWith, validParts } from './samples.ts'
import { seedTenant, type Tenant } from './sessions.ts'

/**
 * docs/decisions/016-bad-input.md and docs/decisions/020-api-headers.md on every route, over raw
 * sockets: the header bytes Node lets through (the tab and obs-text, 0x80-0xFF) in every header a
 * handler reads, on an otherwise well-formed request (company, a fresh session of the call's kind,
 * a valid body where one can be built). Never a 5xx; a refusal is in the call's group shape; and
 * every answer carries nosniff and no-store (decision 020). The bytes Node refuses are
 * client-error.test.ts's.
 */

/** Tab and obs-text, which llhttp accepts inside a header value. */
const ODD = '\t\u0080\u00e9\u00ff'
const ODD_HEADERS = [
  `curlang: fr${ODD}`,
  `previewtheme: x${ODD}`,
  `debug: 1${ODD}`,
  `x-forwarded-for: 203.0.113.9${ODD}, 127.0.0.1`,
  `if-none-match: W/"x${ODD}"`,
  `accept-language: fr${ODD}`,
  `origin: https://evil.example${ODD}`,
]

let t: TestApi
let routes: ReadonlySet<string>
let a: Tenant
beforeAll(async () => {
  ;({ t, routes } = await startServedApi())
  a = await seedTenant(t, 'alpha')
})
afterAll(() => t?.close())

/** A new bearer per call: a logout or password change earlier in the run must not end it. */
async function sessionFor(auth: string): Promise<string | undefined> {
  if (auth === 'none') return undefined
  const kind: AccountKind = auth === 'provider' || auth === 'access' ? auth : 'customer'
  const { token } = await issueToken(t.db, {
    companyId: a.companyId,
    kind,
    subjectId: a.ids[kind],
  })
  return token
}

describe('odd header bytes Node accepts, on every route', () => {
  it('never a 5xx, refusals normalised, nosniff and no-store on every answer', async () => {
    const problems: string[] = []
    let sent = 0
    for (const entry of listCalls()) {
      if (!isServed(routes, entry)) continue
      const { def } = entry
      const key = callKey(entry)
      const parts = validParts(key, def)
      const session = await sessionFor(def.auth)
      const lines = [
        ...(sendsCompany(entry) ? [`company: ${a.token}`] : []),
        ...(session ? [`authorization: Bearer ${session}`] : []),
        ...ODD_HEADERS,
      ]
      const body = def.body ? JSON.stringify(baseBody(key, def) ?? {}) : undefined
      const request = rawJson(def.method, pathWith(def, parts.params, parts.query), lines, body)
      const answer = await rawRequest(t.url, request)
      sent++
      const label = `${def.method} ${def.path} (${key}) ${answer.status}`
      if (answer.status >= 500) problems.push(`${label}: ${answer.body.slice(0, 200)}`)
      if (answer.status >= 400 && answer.status < 500) {
        const parsed = answer.body === '' ? undefined : (JSON.parse(answer.body) as unknown)
        for (const problem of errorBodyProblems(
          def.group,
          { status: answer.status, body: parsed },
          {
            status: answer.status,
          },
        )) {
          problems.push(`${label}: ${problem}`)
        }
      }
      if (answer.headers['x-content-type-options'] !== 'nosniff')
        problems.push(`${label}: no nosniff`)
      if (answer.headers['cache-control'] !== 'no-store') problems.push(`${label}: not no-store`)
      if (answer.headers['access-control-allow-origin'] !== undefined) {
        problems.push(`${label}: a foreign origin allowed`)
      }
    }
    expect(problems).toEqual([])
    expect(sent).toBe(listCalls().filter((entry) => isServed(routes, entry)).length)
    expect(sent).toBeGreaterThan(100)
  })
})
