import fc from 'fast-check'
import type * as z from 'zod/mini'
import type { CallEntry } from '#contract/calls/index.ts'
import { wireProblem } from '#contract/wire.ts'
import type { CallOptions } from '#server/test/harness.ts'
import { callKey, sendsCompany } from './bad-input-cases.ts'
import { baseBody } from './base-body.ts'
import { listCases } from './list-cases.ts'
import { multipartCases } from './multipart-cases.ts'
import { pathWith, shapeOf, validParts } from './samples.ts'
import type { Tenant } from './sessions.ts'

/**
 * Malformed requests for one call, generated from its contract (docs/decisions/016-bad-input.md):
 * control characters, NUL included, in every path param, query value and body field, very long
 * text, extreme and non-finite numbers, wrong types, impossible and far dates, deep nesting, an
 * oversized body and odd headers. Each value is sent on a request that is otherwise well formed
 * where a well-formed one can be built, so it reaches the check it probes (a body with its
 * required fields missing would be refused before an odd field is ever looked at). Every value
 * kept is one the call must refuse: the call's schema or the wire limits (src/contract/wire.ts)
 * say no to it. Deterministic: fixed lists plus fast-check samples drawn with a fixed seed.
 */

type Schema = z.ZodMiniType

export interface FuzzCase {
  readonly name: string
  readonly path: string
  readonly options: CallOptions
  /** a valid list at its bounds (list-cases.ts): any answer but a 5xx */
  readonly mayPass?: boolean
}

/** The seed of every fast-check sample: the same requests on every run and machine. */
export const FUZZ_SEED = 20261125

/** Text a control character spoils, in every place a string can go. */
const CONTROL_TEXT = ['a\u0000b', '\u0000', 'x\u0007y', 'tab\u001bescape', 'del\u007f'] as const

/** Values that no field of the contract takes as they are (checked per field anyway). */
const ODD_VALUES: readonly unknown[] = [
  ...CONTROL_TEXT,
  'x'.repeat(20_001),
  { fr: 'a\u0000b' },
  ['a\u0000b'],
  -1,
  0.5,
  2 ** 53 + 2,
  1e308,
  -1e308,
  true,
  [],
  {},
  'text',
  12_345,
  '9999-12-31',
  '0000-01-01',
  '2030-02-30',
  '2030-02-30T10:00',
  '9999-12-31T23:59:59Z',
  '2030-13-45T99:99:99Z',
]

/** Path and query values (strings only): control characters, long, far and impossible dates. */
const ODD_STRINGS: readonly string[] = [
  ...CONTROL_TEXT,
  'x'.repeat(200),
  'x'.repeat(5_000),
  '9999-12-31',
  '2030-02-30',
  '2030-02-30T10:00',
  '9999-12-31T23:59:59Z',
  '1e999',
  'NaN',
  '-1',
  '99999999999999999999999',
  '\u202e\ufeff',
]

/** A body nested far deeper than any call takes. */
const deep = (levels: number): unknown => {
  let value: unknown = 'leaf'
  for (let i = 0; i < levels; i++) value = { a: value }
  return value
}

/** fast-check strings with a control character forced in: a few per call, from FUZZ_SEED. */
function randomControlStrings(seed: number, count: number): string[] {
  const arb = fc
    .tuple(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.integer({ min: 0, max: 31 }).filter((n) => n !== 9 && n !== 10 && n !== 13),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
    )
    .map(([before, code, after]) => `${before}${String.fromCharCode(code)}${after}`)
  return fc.sample(arb, { seed, numRuns: count })
}

/** A value the call must refuse: its schema does, or the wire limits do. */
const refused = (schema: Schema, value: unknown) =>
  wireProblem(value) !== undefined || !schema.safeParse(value).success

/** JSON text with `1e999` (Infinity once parsed) where the marker string stood. */
const INFINITY_MARKER = '__fuzz_infinity__'
const withInfinity = (value: unknown) =>
  JSON.stringify(value).replaceAll(`"${INFINITY_MARKER}"`, '1e999')

export interface CallFuzz {
  readonly cases: FuzzCase[]
  /** Whether body values were sent on an otherwise valid body (they reach their own check). */
  readonly validBase: boolean
}

/** Every malformed request of one call, sent to company A with A's session of the call's kind. */
export function fuzzCases(entry: CallEntry, a: Tenant, seed: number): CallFuzz {
  const { def } = entry
  const key = callKey(entry)
  const parts = validParts(key, def)
  const bearer =
    def.auth === 'none'
      ? undefined
      : def.auth === 'platform'
        ? a.platformBearer
        : a.bearers[def.auth === 'provider' || def.auth === 'access' ? def.auth : 'customer']
  const ok: CallOptions = {
    method: def.method,
    ...(sendsCompany(entry) ? { company: a.token } : {}),
    ...(bearer ? { bearer } : {}),
  }
  const base = baseBody(key, def)
  const bodyOf = base ?? (def.body ? {} : undefined)
  const withBody: CallOptions = bodyOf === undefined ? ok : { ...ok, json: bodyOf }
  const path = pathWith(def, parts.params, parts.query)
  const cases: FuzzCase[] = []
  const add = (name: string, at: string, options: CallOptions) =>
    cases.push({ name, path: at, options })
  const random = randomControlStrings(seed, 3)

  for (const [where, schema, values] of [
    ['path', def.params, parts.params],
    ['query', def.query, parts.query],
  ] as const) {
    const shape = shapeOf(schema)
    if (!schema || !shape) continue
    for (const field of Object.keys(shape)) {
      for (const value of [...ODD_STRINGS, ...random]) {
        const changed = { ...values, [field]: value }
        if (!refused(schema, changed)) continue
        const at =
          where === 'path'
            ? pathWith(def, changed, parts.query)
            : pathWith(def, parts.params, changed)
        add(`${where} ${field}=${JSON.stringify(value).slice(0, 30)}`, at, withBody)
      }
    }
  }

  // list-shaped params, item by item (docs/decisions/062-visit-bound-and-list-params.md)
  for (const list of listCases(def, parts)) {
    cases.push({ name: list.name, path: list.path, options: withBody, mayPass: list.mayPass })
  }

  if (def.body) {
    const body = def.body
    const record =
      bodyOf !== null && typeof bodyOf === 'object' && !Array.isArray(bodyOf)
        ? (bodyOf as Record<string, unknown>)
        : {}
    const fields = Object.keys(shapeOf(body) ?? {})
    for (const field of fields) {
      for (const value of [...ODD_VALUES, ...random]) {
        const changed = { ...record, [field]: value }
        if (!refused(body, changed)) continue
        add(`body ${field}=${JSON.stringify(value).slice(0, 30)}`, path, { ...ok, json: changed })
      }
      const infinite = { ...record, [field]: INFINITY_MARKER }
      add(`body ${field}=1e999`, path, { ...ok, raw: withInfinity(infinite) })
      add(`body ${field} nested 40 deep`, path, { ...ok, json: { ...record, [field]: deep(40) } })
    }
    for (const [name, json] of [
      ['null', null],
      ['an array', [record]],
      ['a string', 'a\u0000b'],
      ['nested 40 deep', deep(40)],
    ] as const) {
      if (refused(body, json)) add(`body: ${name}`, path, { ...ok, json })
    }
    add('body: 1e999', path, { ...ok, raw: '1e999' })
    add('body: 5000 open brackets', path, { ...ok, raw: '['.repeat(5_000) })
    add('body: nested 3000 deep', path, {
      ...ok,
      raw: `${'['.repeat(3_000)}${']'.repeat(3_000)}`,
    })
    // Over the 1 MiB limit, well formed otherwise: 413 in the call's group shape.
    const padding = 'x'.repeat(1024 * 1024 + 16)
    add('body: over 1 MiB', path, { ...ok, raw: JSON.stringify({ ...record, padding }) })
  }

  // uploads: odd forms (multipart-cases.ts)
  for (const upload of multipartCases(def, ok)) add(upload.name, path, upload.options)

  // Headers as a client can send them (fetch refuses control characters in headers but the tab
  // and obs-text bytes, which Node lets through too; server/http/client-error.test.ts sends the
  // rest on raw sockets), where the call reads them: a company for calls that need one, a
  // session for calls that demand it.
  const { company: _company, bearer: _bearer, ...bare } = withBody
  if (ok.company) {
    for (const company of [
      'x'.repeat(4_000),
      'soci\u00e9t\u00e9',
      'a b',
      '../alpha-token',
      `${ok.company}\tx`,
      `${ok.company}\u00ff`,
    ]) {
      const options = { ...bare, ...(bearer ? { bearer } : {}), headers: { company } }
      add(`header company=${JSON.stringify(company).slice(0, 30)}`, path, options)
    }
  }
  const demandsSession = def.auth !== 'none' && def.auth !== 'optional'
  if (demandsSession) {
    for (const authorization of [
      `Bearer ${'x'.repeat(4_000)}`,
      'Basic Zm9vOmJhcg==',
      'Bearer \u00e9\u00e9',
      'Bearer ',
      `Bearer ${bearer ?? ''} extra`,
      `Bearer ${bearer ?? ''}\tx`,
      `Bearer\t${bearer ?? ''}\u00ff`,
    ]) {
      const options = { ...bare, ...(ok.company ? { company: ok.company } : {}) }
      const name = `header authorization=${JSON.stringify(authorization).slice(0, 30)}`
      add(name, path, { ...options, headers: { authorization } })
    }
  }
  return { cases, validBase: base !== undefined }
}
