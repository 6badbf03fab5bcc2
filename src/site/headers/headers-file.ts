/**
 * The per-site `_headers` file (decision 019), in the format CDNs read (Netlify, Cloudflare
 * Pages): a path pattern on its own line, then indented `Name: value` lines. `*` matches any
 * characters, `/` included. Our reading: every rule whose pattern matches applies, in file
 * order, and a later rule's header REPLACES an earlier one of the same name (the build writes
 * the general rule first, the specific ones after). A CDN that joins repeated headers instead
 * needs the specific rules to detach the general one (Cloudflare's `! Name`);
 * docs/security.md#known-gaps.
 */
export interface HeaderRule {
  readonly pattern: string
  readonly headers: Readonly<Record<string, string>>
}

export const HEADERS_FILE = '_headers'

export function formatHeaders(rules: readonly HeaderRule[]): string {
  return rules
    .map((rule) => {
      const lines = Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`)
      return [rule.pattern, ...lines].join('\n')
    })
    .join('\n\n')
    .concat('\n')
}

export function parseHeaders(text: string): HeaderRule[] {
  const rules: { pattern: string; headers: Record<string, string> }[] = []
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '')
    if (line.trim() === '' || line.trim().startsWith('#')) continue
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: {} })
      continue
    }
    const current = rules.at(-1)
    const colon = line.indexOf(':')
    if (!current || colon < 0) continue
    current.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim()
  }
  return rules
}

function patternRegExp(pattern: string): RegExp {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${escaped.join('.*')}$`)
}

/** The headers of one request path: every matching rule, later ones replacing earlier names. */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const rule of rules) {
    if (!patternRegExp(rule.pattern).test(pathname)) continue
    for (const [name, value] of Object.entries(rule.headers)) {
      for (const key of Object.keys(out))
        if (key.toLowerCase() === name.toLowerCase()) delete out[key]
      out[name] = value
    }
  }
  return out
}
