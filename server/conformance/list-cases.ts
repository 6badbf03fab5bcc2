import type * as z from 'zod/mini'
import type { CallDef } from '#contract/call.ts'
import { MAX_ID_LENGTH } from '#contract/common.ts'
import { LIST_PARAM_MAX_ITEMS } from '#contract/constants.ts'
import { type Parts, pathWith, shapeOf } from './samples.ts'

/**
 * List-shaped path and query values (docs/decisions/062-visit-bound-and-list-params.md): every
 * field whose schema turns "x1,x2" into a list gets the lists an attacker sends. Found from the
 * contract (a field that parses a comma-joined value into an array), so a new list param is
 * fuzzed without a new table row. Each case is refused by the schema, except the fullest valid
 * list, which may be answered: it must never be a 5xx either.
 */

type Schema = z.ZodMiniType

export interface ListCase {
  readonly name: string
  readonly path: string
  /** the value is a valid list: any answer but a 5xx */
  readonly mayPass: boolean
}

const repeat = (item: string, count: number) => Array(count).fill(item).join(',')

/** The lists sent to each list field: empty, huge count, huge item, bad separators. */
export const LIST_VALUES: readonly { readonly name: string; readonly value: string }[] = [
  { name: 'empty', value: '' },
  { name: 'a lone comma', value: ',' },
  { name: 'an empty item', value: 'x1,,x2' },
  { name: 'a leading comma', value: ',x1' },
  { name: 'a trailing comma', value: 'x1,' },
  { name: 'a semicolon', value: 'x1;x2' },
  { name: 'a space after the comma', value: 'x1, x2' },
  { name: 'a fullwidth comma', value: 'x1\uff0cx2' },
  { name: 'a slash', value: 'x1/x2' },
  { name: 'a NUL in an item', value: 'x1,x\u00002' },
  { name: 'one item too many', value: repeat('x1', LIST_PARAM_MAX_ITEMS + 1) },
  { name: '1,000 items', value: repeat('x1', 1_000) },
  { name: 'one item too long', value: `x1,${'x'.repeat(MAX_ID_LENGTH + 1)}` },
  { name: 'a 5,000-character item', value: 'x'.repeat(5_000) },
  { name: 'every item too long', value: repeat('x'.repeat(MAX_ID_LENGTH + 1), 50) },
  {
    name: 'the fullest valid list',
    value: repeat('y'.repeat(MAX_ID_LENGTH), LIST_PARAM_MAX_ITEMS),
  },
]

/** Whether the field reads "x1,x2" as a list. */
export function isListField(field: Schema): boolean {
  const parsed = field.safeParse('x1,x2')
  return parsed.success && Array.isArray(parsed.data)
}

/** The list fields of a call's params and query, by where they are. */
export function listFields(def: CallDef): { where: 'path' | 'query'; field: string }[] {
  const found: { where: 'path' | 'query'; field: string }[] = []
  for (const [where, schema] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    for (const [field, fieldSchema] of Object.entries(shapeOf(schema) ?? {})) {
      if (isListField(fieldSchema)) found.push({ where, field })
    }
  }
  return found
}

/** Every list case of one call, the other parts valid. */
export function listCases(def: CallDef, parts: Parts): ListCase[] {
  const cases: ListCase[] = []
  for (const { where, field } of listFields(def)) {
    const schema = where === 'path' ? def.params : def.query
    const values = where === 'path' ? parts.params : parts.query
    for (const { name, value } of LIST_VALUES) {
      // an empty path segment is another route, not a bad value (samples.ts invalidPart)
      if (where === 'path' && value === '') continue
      const changed = { ...values, [field]: value }
      const path =
        where === 'path'
          ? pathWith(def, changed, parts.query)
          : pathWith(def, parts.params, changed)
      const mayPass = schema?.safeParse(changed).success === true
      cases.push({ name: `list ${where} ${field}: ${name}`, path, mayPass })
    }
  }
  return cases
}
