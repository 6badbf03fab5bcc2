import * as z from 'zod/mini'
import type { CallDef, CallOutput, ServiceGroup } from '#contract/call'
import { baseFor } from './config'
import type { ContextSource } from './context'
import { readContext } from './context'
import { errorFromResponse } from './error-body'
import { HttpError, invalidRequest, invalidResponse, unavailable } from './errors'
import { buildHeaders } from './headers'
import type { ApiArgs, CallOptions } from './types'
import { buildUrl } from './url'

/** docs/product/8-errors.md: these groups rethrow what went wrong instead of normalising it. */
const RAW_GROUPS: ReadonlySet<ServiceGroup> = new Set(['bookingAdmin', 'stats'])

type Parts = Readonly<Partial<Record<'params' | 'query' | 'body', unknown>>>

function partsOf(input: unknown): Parts {
  return typeof input === 'object' && input !== null ? input : {}
}

// The contract's query and path schemas turn wire strings into typed values for the server,
// and body defaults are the server's to apply: the client checks its input against them (a
// malformed call stops here with a normalised 400) but sends the input form unchanged.
function checked(schema: z.ZodMiniType | undefined, value: unknown): unknown {
  if (!schema) return undefined
  const result = z.safeParse(schema, value)
  if (!result.success) throw invalidRequest(result.error.issues)
  return value
}

type Payload =
  | { readonly json: true; readonly value: unknown }
  | { readonly json: false; readonly text: string }

async function readPayload(response: Response): Promise<Payload> {
  const text = await response.text()
  if (text.trim() === '') return { json: true, value: undefined }
  try {
    return { json: true, value: JSON.parse(text) }
  } catch {
    return { json: false, text }
  }
}

async function send(
  source: ContextSource,
  def: CallDef,
  input: unknown,
  options: CallOptions,
): Promise<{ status: number; ok: boolean; payload: Payload }> {
  const ctx = readContext(source)
  const parts = partsOf(input)
  const params = checked(def.params, parts.params)
  const query = checked(def.query, parts.query)
  const body = checked(def.body, parts.body)
  let url: string
  try {
    url = buildUrl(
      baseFor(ctx.config, def.group, ctx.side),
      options.path ?? def.path,
      params,
      query,
    )
  } catch (error) {
    throw invalidRequest(error)
  }
  const init: RequestInit = {
    method: def.method,
    headers: buildHeaders(ctx, def, body !== undefined),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(options.signal ? { signal: options.signal } : {}),
  }
  try {
    const response = await (ctx.fetch ?? fetch)(url, init)
    // A body cut off mid-way is no response either: the connection failed.
    const payload = await readPayload(response)
    return { status: response.status, ok: response.ok, payload }
  } catch (error) {
    if (RAW_GROUPS.has(def.group)) throw error
    throw unavailable(error)
  }
}

/**
 * Sends one call of docs/product/7-calls.md and returns its validated response. Every failure is an ApiError
 * (docs/product/8-errors.md), except for the bookingAdmin and stats groups, which throw HttpError or the
 * transport error as is. A response that does not match the schema is never returned.
 */
export async function callApi<D extends CallDef>(
  source: ContextSource,
  def: D,
  ...[input, options = {}]: ApiArgs<D>
): Promise<CallOutput<D>> {
  const { status, ok, payload } = await send(source, def, input, options)
  const body = payload.json ? payload.value : payload.text
  if (!ok) {
    if (RAW_GROUPS.has(def.group)) throw new HttpError(status, body)
    throw errorFromResponse(def.group, status, body)
  }
  if (!payload.json) throw invalidResponse(status, { body })
  const result = z.safeParse(def.response, payload.value)
  if (!result.success) throw invalidResponse(status, { issues: result.error.issues, body })
  // Sound: the data was just produced by def.response, whose output is CallOutput<D>; TS cannot
  // see through the conditional type for a generic D.
  return result.data as CallOutput<D>
}
