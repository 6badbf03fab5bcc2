import { LANGUAGE_CODES } from '#contract/constants.ts'
import type { PublishLanguages } from '#contract/publish-event.ts'

const CODES: ReadonlySet<string> = new Set(LANGUAGE_CODES)
type Code = (typeof LANGUAGE_CODES)[number]
const isCode = (value: unknown): value is Code => typeof value === 'string' && CODES.has(value)

/**
 * The languages a content row's pages exist in, for its publish event: a post's `lang` (its
 * codes, or 'all'); every other content is shown in every language, so 'all'. A `lang` the row
 * does not hold as a list of known codes reads as 'all': rebuilding too much is only slower.
 */
export function publishLanguagesOf(data: Readonly<Record<string, unknown>>): PublishLanguages {
  const lang = data.lang
  if (!Array.isArray(lang) || lang.length === 0 || !lang.every(isCode)) return 'all'
  return [...new Set(lang)]
}
