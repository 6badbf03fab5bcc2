import * as z from 'zod/mini'
import { MAX_ID_LENGTH } from './common'
import { LIST_PARAM_MAX_ITEMS } from './constants'

/**
 * A list carried by one path or query value, items separated by commas ("servicesId=a,b").
 * Checked item by item, before any work (docs/decisions/062-visit-bound-and-list-params.md): a
 * list too long, an item too long or not of the item pattern, an empty item (",,", a leading or
 * trailing comma) is a 400 from the call's schema, never a value the server echoes back into an
 * answer its schema refuses (the 500 of a 5,000-character stock verify). Written once: every
 * list-shaped param of the contract uses it, and the contract fuzz finds them by their shape
 * (server/conformance/list-cases.ts).
 */
export interface ListBounds {
  /** the most items, at least 1 */
  readonly maxItems: number
  /** the longest item, in characters */
  readonly maxItemLength: number
  /** what one item may be made of (whole item) */
  readonly item: RegExp
}

/** An opaque id as a list item: letters, digits and `_ . : ~ @ -` (no separator, no space). */
export const LIST_ID_ITEM = /^[A-Za-z0-9_.:~@-]+$/

export const ID_LIST_BOUNDS: ListBounds = {
  maxItems: LIST_PARAM_MAX_ITEMS,
  maxItemLength: MAX_ID_LENGTH,
  item: LIST_ID_ITEM,
}

/** Why `value` is not a list within `bounds` (the first problem met), or undefined. */
export function listProblem(value: string, bounds: ListBounds): string | undefined {
  // the longest acceptable text: enough to stop a huge value before splitting it
  const longest = bounds.maxItems * (bounds.maxItemLength + 1) - 1
  if (value.length > longest) return `a list is at most ${longest} characters`
  const items = value.split(',')
  if (items.length > bounds.maxItems) return `a list has at most ${bounds.maxItems} items`
  for (const [index, item] of items.entries()) {
    if (item === '') return `item ${index + 1} is empty`
    if (item.length > bounds.maxItemLength) {
      return `item ${index + 1} is longer than ${bounds.maxItemLength} characters`
    }
    if (!bounds.item.test(item)) return `item ${index + 1} has a character an item cannot have`
  }
  return undefined
}

/** The schema of a list value: the string checked by listProblem, then its items. */
export function boundedList(bounds: ListBounds = ID_LIST_BOUNDS) {
  return z.pipe(
    z.string().check(
      z.superRefine((value, ctx) => {
        const problem = listProblem(value, bounds)
        if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value })
      }),
    ),
    z.transform((value) => value.split(',')),
  )
}
