/** Values for `{name}` placeholders. Numbers are inserted as given (a year must not become "2 025"). */
export type MessageParams = Readonly<Record<string, string | number>>

const PLACEHOLDER = /\{(\w+)\}/g

/**
 * Replaces `{name}` placeholders. An unknown placeholder is left as written so a forgotten
 * parameter shows up on the page instead of silently vanishing.
 */
export function interpolate(template: string, params?: MessageParams): string {
  if (params === undefined) return template
  return template.replace(PLACEHOLDER, (match, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined
    return value === undefined ? match : String(value)
  })
}

/** The distinct placeholder names of a template, sorted, to compare translations of one key. */
export function placeholders(template: string): string[] {
  const names = new Set<string>()
  for (const match of template.matchAll(PLACEHOLDER)) {
    if (match[1] !== undefined) names.add(match[1])
  }
  return [...names].sort()
}

// Intl objects are costly to build and a page formats many counts.
const pluralRules = new Map<string, Intl.PluralRules>()
const numberFormats = new Map<string, Intl.NumberFormat>()

export function pluralCategory(iso: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(iso)
  if (rules === undefined) {
    rules = new Intl.PluralRules(iso)
    pluralRules.set(iso, rules)
  }
  return rules.select(count)
}

export function formatCount(iso: string, count: number): string {
  let format = numberFormats.get(iso)
  if (format === undefined) {
    format = new Intl.NumberFormat(iso)
    numberFormats.set(iso, format)
  }
  return format.format(count)
}
