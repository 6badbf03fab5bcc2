import * as z from 'zod/mini'
import { boundedList, ID_LIST_BOUNDS } from './bounded-list'
import { id } from './common'

/**
 * Query and path values are strings on the wire. These schemas take the strings (so the parsed
 * form of a URLSearchParams, or Hono's c.req.query(), parses as is) and give typed values. The
 * client passes the string form; the server reads the typed output.
 */

/** A non-negative integer written in decimal. */
export const queryInt = z.pipe(z.string().check(z.regex(/^\d{1,15}$/)), z.transform(Number))

/** A positive integer written in decimal (page numbers, sizes, quantities). */
export const queryPositiveInt = z.pipe(
  z.string().check(z.regex(/^[1-9]\d{0,14}$/)),
  z.transform(Number),
)

/** docs/product/7-calls.md flags written 0 or 1. */
export const queryFlag = z.pipe(
  z.enum(['0', '1']),
  z.transform((v) => v === '1'),
)

/** A boolean written true/false (or 1/0). */
export const queryBoolean = z.pipe(
  z.enum(['true', 'false', '1', '0']),
  z.transform((v) => v === 'true' || v === '1'),
)

/**
 * Ids separated by commas ("servicesId=a,b"): at least one, none empty, each an id, at most
 * LIST_PARAM_MAX_ITEMS (bounded-list.ts, docs/decisions/062-visit-bound-and-list-params.md).
 */
export const queryIdList = boundedList(ID_LIST_BOUNDS)

export const idParams = z.object({ id })

/** page (from 1) and page size of paginated lists */
export const pageQuery = z.object({
  page: z._default(queryPositiveInt, 1),
  itemPerPage: z._default(z.pipe(queryPositiveInt, z.number().check(z.lte(100))), 20),
})

/** Flattens search parameters into the record the query schemas read (last value wins). */
export function queryRecord(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(params)
}
