import { isDeepStrictEqual } from 'node:util'
import type { ServiceGroup } from '#contract/call.ts'
import { errorBodyFor, firstErrorBody, objectErrorBody } from '#contract/error.ts'

/**
 * Checks a refusal against docs/product/8-errors.md as `errorBodyFor` writes it for the call's group: top-level
 * `{code, message}` for 'first' and 'bookingAdmin', `{errors: {code, message}}` for
 * 'marketplace' and 'booking'; `code` is the HTTP status, the message is non-empty text, and
 * `type` names the reason. Returns what is wrong (empty: all good), so a table test can report
 * every mismatch of a call at once.
 */
export function errorBodyProblems(
  group: ServiceGroup,
  response: { status: number; body: unknown },
  expected: { status: number; type?: string },
): string[] {
  const problems: string[] = []
  const { status, body } = response
  if (status !== expected.status) problems.push(`status ${status}, expected ${expected.status}`)
  if (status >= 500) problems.push('a server error')
  const nested = group === 'marketplace' || group === 'booking'
  const parsed = (nested ? objectErrorBody : firstErrorBody).safeParse(body)
  if (!parsed.success) return [...problems, `not the ${group} error shape: ${show(body)}`]
  const record = body as { errors?: { message?: unknown }; message?: unknown; type?: unknown }
  const message = nested ? record.errors?.message : record.message
  if (typeof message !== 'string' || message.trim() === '') {
    return [...problems, `no message: ${show(body)}`]
  }
  const wanted = errorBodyFor(group, { code: status, message })
  const { type, ...rest } = record
  const got = nested ? { errors: pick(record.errors) } : pick(rest)
  if (!isDeepStrictEqual(got, wanted)) {
    problems.push(`body ${show(body)} is not errorBodyFor(${group}) ${show(wanted)} (+ type)`)
  }
  if (expected.type !== undefined && type !== expected.type) {
    problems.push(`type ${String(type)}, expected ${expected.type}`)
  }
  return problems
}

/** A documented non-error answer to odd input (a call that answers `[]` rather than refusing). */
export function answerProblems(
  response: { status: number; body: unknown },
  status: number,
  answer: unknown,
): string[] {
  if (response.status === status && isDeepStrictEqual(response.body, answer)) return []
  return [`answered ${response.status} ${show(response.body)}, expected ${status} ${show(answer)}`]
}

/** code and message only: the body also carries `type`, which the normaliser ignores. */
function pick(value: unknown): { code: unknown; message: unknown } {
  const record = (value ?? {}) as { code?: unknown; message?: unknown }
  return { code: record.code, message: record.message }
}

const show = (value: unknown) => JSON.stringify(value)?.slice(0, 300) ?? String(value)
