import type * as z from 'zod/mini'
import type { CallDef } from '#contract/call.ts'

/**
 * Values for the parts of a call that are not under test: path params and query that pass the
 * call's schemas (so a malformed body is what the server refuses, and the case names the
 * reason), and, per field, values that fail them. Found by trying candidates against the
 * contract's own schemas, so a new call is covered without a new table row; a call for which
 * no candidate fits makes `validParts` throw, naming the call, rather than being skipped.
 */

type Schema = z.ZodMiniType
type Shape = Readonly<Record<string, Schema>>

/** The fields of an object schema (zod keeps them in its definition); undefined otherwise. */
export function shapeOf(schema: Schema | undefined): Shape | undefined {
  const def = (schema as unknown as { _zod?: { def?: { shape?: Shape } } } | undefined)?._zod?.def
  return def?.shape
}

const required = (field: Schema) => !field.safeParse(undefined).success

/** Wire strings that fit most id, slug, date, token, phone and flag fields of docs/product/7-calls.md. */
const VALID = [
  'x1',
  '1',
  '+33612345678',
  '2030-01-15',
  'A'.repeat(43),
  'FR',
  'alpha.localhost',
  'createdAt',
] as const

/** Strings that break most fields: too long for an id (128), not a slug, not a date, empty. */
const INVALID = ['x'.repeat(129), 'Not A Slug!', '2030-13-45', '-1', '0', 'short', ''] as const

/** Calls whose values must mean something: written out, checked against the schemas too. */
const OVERRIDES: Readonly<Record<string, { params?: Record<string, string> }>> = {
  // The company of the callback is its path (a real company, so only the input is wrong).
  'payment.callback': { params: { companyToken: 'alpha-token' } },
  'calendar.visit': { params: { companyToken: 'alpha-token', id: 'x1' } },
  // a name the payment providers read (docs/decisions/089-site-settings-and-key-store.md)
  'companySecrets.put': { params: { name: 'STRIPE_SECRET_KEY' } },
  'companySecrets.clear': { params: { name: 'STRIPE_SECRET_KEY' } },
}

export interface Parts {
  readonly params: Record<string, string>
  readonly query: Record<string, string>
}

function fill(schema: Schema | undefined, given: Record<string, string> | undefined) {
  if (!schema) return {}
  if (given) return given
  const shape = shapeOf(schema) ?? {}
  const value: Record<string, string> = {}
  for (const [key, field] of Object.entries(shape)) {
    if (!required(field)) continue
    const fit = VALID.find((candidate) => field.safeParse(candidate).success)
    if (fit !== undefined) value[key] = fit
  }
  return value
}

/** Params and query that the call's schemas accept; throws when none can be found. */
export function validParts(key: string, def: CallDef): Parts {
  const override = OVERRIDES[key]
  const params = fill(def.params, override?.params)
  const query = fill(def.query, undefined)
  for (const [part, schema, value] of [
    ['params', def.params, params],
    ['query', def.query, query],
  ] as const) {
    if (schema && !schema.safeParse(value).success) {
      throw new Error(`${key}: no valid ${part} sample; add one to OVERRIDES in samples.ts`)
    }
  }
  return { params, query }
}

/**
 * One field of params or query set to a value its schema refuses (the rest valid), or
 * undefined when every field takes any string. Path params never get '' (an empty segment is
 * another route, not a bad value).
 */
export function invalidPart(
  schema: Schema | undefined,
  valid: Record<string, string>,
  where: 'params' | 'query',
): { key: string; value: string } | undefined {
  const shape = shapeOf(schema)
  if (!schema || !shape) return undefined
  for (const key of Object.keys(shape)) {
    for (const value of INVALID) {
      if (where === 'params' && value === '') continue
      if (!schema.safeParse({ ...valid, [key]: value }).success) return { key, value }
    }
  }
  return undefined
}

/** The call's path with its params filled in (encoded), and the query string appended. */
export function pathWith(def: CallDef, params: Record<string, string>, query = {}): string {
  const path = def.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${def.path}: no value for :${name}`)
    return encodeURIComponent(value)
  })
  const search = new URLSearchParams(query).toString()
  return search ? `${path}?${search}` : path
}

/** A body of the call's fields, all of one wrong type, that the schema refuses. */
export function wrongFieldTypes(def: CallDef): Record<string, unknown> | undefined {
  const shape = shapeOf(def.body)
  if (!def.body || !shape || Object.keys(shape).length === 0) return undefined
  for (const value of [12345, true, [], {}, 'text']) {
    const body = Object.fromEntries(Object.keys(shape).map((key) => [key, value]))
    if (!def.body.safeParse(body).success) return body
  }
  return undefined
}
