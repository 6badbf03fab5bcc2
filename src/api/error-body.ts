import type { ServiceGroup } from '#contract/call'
import { ApiError, GENERIC_MESSAGE } from './errors'

/**
 * Turns an error response into the ApiError of docs/product/8-errors.md, by service group:
 *
 * - `first`: `{code, message, errors?: [{sMessage}]}`. The code falls back to the HTTP status,
 *   the first sMessage overrides the message.
 * - `marketplace` and `booking`: an `errors` object. Two forms are read: `{errors: {code,
 *   message}}`, and the validation form `{errors: {field: 'msg' | ['msg', ...]}}` whose first
 *   field message becomes the message. Without an errors object the top-level `{code, message}`
 *   (what this project's API sends for bad input) is used, then the status.
 *
 * Non-numeric codes are ignored (the status is a better number); the body stays in `raw`.
 */

type Fields = Readonly<Record<string, unknown>>

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

function numeric(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value
  if (typeof value === 'string' && /^\d{3}$/.test(value)) return Number(value)
  return undefined
}

function firstSMessage(errors: unknown): string | undefined {
  if (!Array.isArray(errors)) return undefined
  const first: unknown = errors[0]
  return isRecord(first) ? text(first.sMessage) : undefined
}

function firstFieldMessage(errors: Fields): string | undefined {
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'code') continue
    const found = text(value) ?? (Array.isArray(value) ? text(value[0]) : undefined)
    if (found) return found
  }
  return undefined
}

function readFirst(body: Fields, status: number): { code: number; message: string } {
  return {
    code: numeric(body.code) ?? status,
    message: firstSMessage(body.errors) ?? text(body.message) ?? GENERIC_MESSAGE,
  }
}

function readErrorsObject(body: Fields, status: number): { code: number; message: string } {
  const errors = isRecord(body.errors) ? body.errors : {}
  return {
    code: numeric(errors.code) ?? numeric(body.code) ?? status,
    message:
      text(errors.message) ?? firstFieldMessage(errors) ?? text(body.message) ?? GENERIC_MESSAGE,
  }
}

/** `body` is the parsed JSON, the raw text when it was not JSON, or undefined when empty. */
export function errorFromResponse(group: ServiceGroup, status: number, body: unknown): ApiError {
  const fields = isRecord(body) ? body : {}
  const { code, message } =
    group === 'first' ? readFirst(fields, status) : readErrorsObject(fields, status)
  const type = text(fields.errType) ?? text(fields.type)
  return new ApiError(code, message, { status, raw: body, type })
}
