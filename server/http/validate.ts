import type * as z from 'zod/mini'
import { wireProblem } from '#contract/wire.ts'
import { badRequest } from '#server/kernel/index.ts'

type Issue = z.core.$ZodIssue

/** A short readable summary of zod issues: `body.email: Invalid email; body.phone: ...`. */
export function summarizeIssues(where: string, issues: readonly Issue[]): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const path = issue.path.map(String).join('.')
    return `${path ? `${where}.${path}` : where}: ${issue.message}`
  })
  const more = issues.length > 5 ? ` (+${issues.length - 5} more)` : ''
  return `${parts.join('; ')}${more}`
}

/**
 * Parses input with a contract schema; failures are the caller's fault: 400 `invalidInput`.
 * The wire limits (control characters, length, depth: src/contract/wire.ts) apply first, to
 * every field whatever its schema, so no such value reaches a handler or the database.
 */
export function parseInput<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  where: 'params' | 'query' | 'body',
): z.output<S> {
  const problem = wireProblem(value)
  if (problem) throw badRequest(`Invalid request: ${where}.${problem}`, 'invalidInput')
  const result = schema.safeParse(value)
  if (!result.success) {
    throw badRequest(
      `Invalid request: ${summarizeIssues(where, result.error.issues)}`,
      'invalidInput',
    )
  }
  return result.data
}

/** The raw body as JSON; a body that is not JSON is 400 `invalidJson`, not a server error. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text()
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw badRequest('Malformed JSON body.', 'invalidJson')
  }
}
