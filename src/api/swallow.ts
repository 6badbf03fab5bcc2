import type { ContextSource } from './context'
import { readContext } from './context'
import { ApiError } from './errors'

/** Where a swallowed error goes: docs/product/8-errors.md says these are "only logged". */
export function report(source: ContextSource, error: unknown, call: string): void {
  const sink = readContext(source).report
  if (sink) sink(error, call)
  else console.warn(`[api] ${call} failed`, error)
}

/**
 * Runs a call whose failure docs/product/8-errors.md turns into a value (loyalty card null, offline true,
 * stock 0, ...). Only normalised call failures are swallowed: a programming error still throws.
 */
export async function orFallback<T, F>(
  source: ContextSource,
  call: string,
  run: () => Promise<T>,
  fallback: F,
): Promise<T | F> {
  try {
    return await run()
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    report(source, error, call)
    return fallback
  }
}

/** Success as true, a failure as false (password update and set, payment connect). */
export function succeeded(source: ContextSource, call: string, run: () => Promise<unknown>) {
  return orFallback(source, call, () => run().then(() => true), false)
}
