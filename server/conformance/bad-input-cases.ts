import type { CallDef } from '#contract/call.ts'
import type { CallEntry } from '#contract/calls/index.ts'
import type { CallOptions } from '#server/test/harness.ts'
import { validBody } from './bodies.ts'
import { invalidPart, pathWith, shapeOf, validParts, wrongFieldTypes } from './samples.ts'
import type { Tenant } from './sessions.ts'

/**
 * The bad-input table (docs/security.md#bad-input), built for one call from its description alone:
 * every request here must be refused before any handler runs, with the status and error type named,
 * the normalised error of the call's group, and no change in the database.
 */

export interface BadCase {
  readonly name: string
  readonly path: string
  readonly options: CallOptions
  readonly status: number
  readonly type: string
  /** Set when the call answers this input by design (not an error): the exact body expected. */
  readonly answer?: unknown
  /** The OTHERWISE entry that set the expectation, if any. */
  readonly otherwise?: string
}

/**
 * Cases a call answers otherwise than the generic rule, by its documented contract, keyed
 * `<call> | <case name>`. Still 4xx-or-documented, still nothing written.
 */
const OTHERWISE: Readonly<
  Record<string, { status: number; type?: string; answer?: unknown; reason: string }>
> = {
  ...Object.fromEntries(
    [
      'appointments.period | query: required values missing',
      'appointments.remove | query: required values missing',
      'appointments.create | body: a number instead of an object',
      'appointments.create | body: required fields missing',
      'appointments.check | body: a number instead of an object',
      'appointments.check | body: required fields missing',
    ].map((key) => [
      key,
      { status: 400, type: 'missingParams', reason: "docs/product/5-rules.md: 'param manquants'" },
    ]),
  ),
  ...Object.fromEntries(
    ['query: bad customerId', 'query: required values missing'].map((name) => [
      `appointments.priceTimes | ${name}`,
      {
        status: 200,
        answer: [],
        reason: 'docs/product/5-rules.md#appointments: a list, empty when a parameter is missing',
      },
    ]),
  ),
}

export const OTHERWISE_KEYS: readonly string[] = Object.keys(OTHERWISE)

/**
 * Calls sent without a `company` header by design, besides the bookingAdmin and stats groups
 * (docs/product/7-calls.md: their provider bearer names the company). No "missing company" case for these.
 */
export const WITHOUT_COMPANY_HEADER: Readonly<Record<string, string>> = {
  'companies.tokenByHost': 'asked before the company is known: it answers the company token',
  'companies.offline': 'without a company it says whether the API is up (server/routes/companies)',
  'payment.callback': 'posted by the payment page without headers: the token is in the path',
  'calendar.visit': 'opened from an e-mail link without headers: the token is in the path',
}

export const callKey = (entry: CallEntry) => `${entry.group}.${entry.name}`

export function sendsCompany(entry: CallEntry): boolean {
  const { group } = entry.def
  // the platform's calls act on no company (docs/decisions/085-company-creation.md)
  if (entry.group === 'platform') return false
  return (
    group !== 'bookingAdmin' && group !== 'stats' && !(callKey(entry) in WITHOUT_COMPANY_HEADER)
  )
}

/** The session a well-formed request of this call carries (optional and any: a customer). */
function sessionOf(def: CallDef, tenant: Tenant): string | undefined {
  if (def.auth === 'none') return undefined
  if (def.auth === 'platform') return tenant.platformBearer
  if (def.auth === 'provider' || def.auth === 'access') return tenant.bearers[def.auth]
  return tenant.bearers.customer
}

const needsSession = (def: CallDef) =>
  def.auth === 'platform' ||
  def.auth === 'customer' ||
  def.auth === 'provider' ||
  def.auth === 'access' ||
  def.auth === 'any'

/** Bad-input cases of one call, sent to company A (alpha) with B (beta) as the foreigner. */
export function badInputCases(entry: CallEntry, a: Tenant, b: Tenant): BadCase[] {
  const { def } = entry
  const key = callKey(entry)
  const method = def.method
  const parts = validParts(key, def)
  const path = pathWith(def, parts.params, parts.query)
  const headerless = !sendsCompany(entry)
  const session = sessionOf(def, a)
  const ok: CallOptions = {
    method,
    ...(headerless ? {} : { company: a.token }),
    ...(session ? { bearer: session } : {}),
  }
  // Auth is decided before the body is read: an empty object stands for "some body".
  const someBody = def.body ? { json: {} } : {}
  const cases: BadCase[] = []
  const add = (name: string, options: CallOptions, status: number, type: string, at = path) => {
    const rule = `${key} | ${name}`
    const otherwise = OTHERWISE[rule]
    const expected = otherwise ? { status: otherwise.status, type: otherwise.type ?? '' } : {}
    const answer = otherwise && 'answer' in otherwise ? { answer: otherwise.answer } : {}
    const base = { name, path: at, options: { method, ...options }, status, type }
    cases.push({ ...base, ...expected, ...answer, ...(otherwise ? { otherwise: rule } : {}) })
  }

  if (!headerless) {
    const { company: _, ...noCompany } = ok
    add('no company header', { ...noCompany, ...someBody }, 400, 'companyRequired')
  }
  // bookingAdmin: a header that is not the bearer's company is a session mismatch (401).
  const admin = def.group === 'bookingAdmin' || def.group === 'stats'
  add(
    'unknown company token',
    { ...ok, company: 'no-such-company', ...someBody },
    admin ? 401 : 404,
    admin ? 'invalidToken' : 'societyNotRegister',
  )
  // a platform bearer is no company's: there is no foreign one
  if (def.auth !== 'none' && def.auth !== 'platform') {
    const foreign = sessionOf(def, b)
    if (foreign) {
      add(
        'foreign bearer (company B on A)',
        { ...ok, company: a.token, bearer: foreign, ...someBody },
        401,
        'invalidToken',
      )
    }
  }
  if (needsSession(def)) {
    const { bearer: _, ...anonymous } = ok
    add('no bearer', { ...anonymous, ...someBody }, 401, 'unauthorized')
  }
  if (def.auth === 'customer' || def.auth === 'provider' || def.auth === 'access') {
    const other = def.auth === 'customer' ? a.bearers.provider : a.bearers.customer
    add('bearer of another kind', { ...ok, bearer: other, ...someBody }, 401, 'wrongAccountKind')
  }

  if (def.body) {
    add('malformed JSON body', { ...ok, raw: '{"email": "x@example.com", ' }, 400, 'invalidJson')
    if (!def.body.safeParse(42).success) {
      add('body: a number instead of an object', { ...ok, json: 42 }, 400, 'invalidInput')
    }
    const wrong = wrongFieldTypes(def)
    if (wrong) add('body: every field of a wrong type', { ...ok, json: wrong }, 400, 'invalidInput')
    if (shapeOf(def.body) && !def.body.safeParse({}).success) {
      add('body: required fields missing', { ...ok, json: {} }, 400, 'invalidInput')
    }
  }
  const badQuery = invalidPart(def.query, parts.query, 'query')
  if (badQuery) {
    const query = { ...parts.query, [badQuery.key]: badQuery.value }
    add(`query: bad ${badQuery.key}`, ok, 400, 'invalidInput', pathWith(def, parts.params, query))
  }
  if (def.query && Object.keys(parts.query).length > 0) {
    add('query: required values missing', ok, 400, 'invalidInput', pathWith(def, parts.params))
  }
  const badParam = invalidPart(def.params, parts.params, 'params')
  if (badParam) {
    const params = { ...parts.params, [badParam.key]: badParam.value }
    add(`path: bad :${badParam.key}`, ok, 400, 'invalidInput', pathWith(def, params, parts.query))
  }
  // The callback's company is its path: an unknown one is the unknown company of this call.
  if ('companyToken' in parts.params) {
    const params = { ...parts.params, companyToken: 'no-such-company' }
    const at = pathWith(def, params, parts.query)
    const json = validBody(key, def)
    add('path: unknown company token', { ...ok, json }, 404, 'societyNotRegister', at)
  }
  return cases
}

/** What each call offers of the value checks, so calls that cannot be given one are listed. */
export function valueChecksOf(cases: readonly BadCase[]) {
  return {
    body: cases.some((c) => c.name.startsWith('body:')),
    query: cases.some((c) => c.name.startsWith('query:')),
    params: cases.some((c) => c.name.startsWith('path:')),
  }
}
