import type { CollectionField, CollectionFieldKind, CollectionValue } from '#contract/index'

/**
 * Whether an item's values fit its collection's schema (docs/decisions/084-collections-and-theme-
 * editor.md). The contract checks each value's shape alone; only the schema says which keys
 * exist, which are required, and what each holds. The server refuses an item with a problem
 * (400 invalidInput naming the field); the studio shows the same problems beside the fields.
 */

export type ItemProblemReason = 'unknown' | 'missing' | 'wrongKind' | 'tooLong' | 'notAddress'

export interface ItemProblem {
  readonly key: string
  readonly reason: ItemProblemReason
}

/** A line of text stays short; a longer text (an answer, a biography) may be a paragraph. */
export const TEXT_LIMITS: Readonly<Record<'text' | 'longText', number>> = {
  text: 200,
  longText: 4000,
}

type Fields = readonly Pick<CollectionField, 'key' | 'kind' | 'translated' | 'required'>[]

/** http(s) or root-relative, as the contract's webUrl: never javascript: nor data:. */
const ADDRESS = /^(?:https?:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The texts of a value: itself, or each language's for a translated one. */
function textsOf(value: CollectionValue, translated: boolean): string[] | undefined {
  if (translated) {
    if (!isRecord(value)) return undefined
    const texts = Object.values(value)
    return texts.every((text) => typeof text === 'string') ? (texts as string[]) : undefined
  }
  return typeof value === 'string' ? [value] : undefined
}

/** Whether a value says nothing: absent, an empty text, or no language with text. */
export function isEmptyValue(value: CollectionValue | undefined): boolean {
  if (value === undefined) return true
  if (typeof value === 'string') return value.trim() === ''
  if (isRecord(value)) return Object.values(value).every((text) => !text || text.trim() === '')
  return false
}

function kindProblem(
  kind: CollectionFieldKind,
  translated: boolean,
  value: CollectionValue,
): ItemProblemReason | undefined {
  switch (kind) {
    case 'text':
    case 'longText': {
      const texts = textsOf(value, translated)
      if (!texts) return 'wrongKind'
      return texts.some((text) => text.length > TEXT_LIMITS[kind]) ? 'tooLong' : undefined
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'wrongKind'
    case 'money':
      // integer minor units, as every amount (src/contract/common.ts MONEY)
      return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
        ? undefined
        : 'wrongKind'
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'wrongKind'
    case 'url':
    case 'image':
      if (typeof value !== 'string') return 'wrongKind'
      return ADDRESS.test(value) ? undefined : 'notAddress'
  }
}

/** Every problem of an item's values against its schema's fields; none means it fits. */
export function itemProblems(
  fields: Fields,
  values: Readonly<Record<string, CollectionValue>>,
): ItemProblem[] {
  const problems: ItemProblem[] = []
  const known = new Set(fields.map((field) => field.key))
  for (const key of Object.keys(values)) {
    if (!known.has(key)) problems.push({ key, reason: 'unknown' })
  }
  for (const field of fields) {
    const value = Object.hasOwn(values, field.key) ? values[field.key] : undefined
    if (value === undefined || (isEmptyValue(value) && field.kind !== 'boolean')) {
      if (field.required) problems.push({ key: field.key, reason: 'missing' })
      continue
    }
    const reason = kindProblem(field.kind, field.translated, value)
    if (reason) problems.push({ key: field.key, reason })
  }
  return problems
}

/** Keys used twice in one schema would make two fields share one value. */
export function duplicateFieldKeys(fields: readonly Pick<CollectionField, 'key'>[]): string[] {
  const seen = new Set<string>()
  const twice = new Set<string>()
  for (const { key } of fields) (seen.has(key) ? twice : seen).add(key)
  return [...twice]
}
