import type { CompanyThemes, Font } from '#contract/index'

/** CSS generic families: quoting them ("system-ui") would turn them into unknown family names. */
const GENERIC = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'ui-rounded',
  'math',
  'emoji',
  'fangsong',
])

const FALLBACK_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'

/** A font-family value: the tenant's family first (quoted unless generic), then a system stack. */
export function fontStack(font: Font | undefined): string {
  const name = font?.name.trim()
  if (!name) return FALLBACK_STACK
  const family = GENERIC.has(name.toLowerCase()) ? name.toLowerCase() : `"${name}"`
  return `${family}, ${FALLBACK_STACK}`
}

/**
 * The font stylesheets to link, each once. Only https addresses: a root-relative or http url
 * would be mixed content or a path on the tenant's own host that nothing serves.
 */
export function fontStylesheets(themes: CompanyThemes): string[] {
  const urls = [themes.headerFont, themes.menuFont, themes.bodyFont]
    .map((font) => font?.url)
    .filter((url): url is string => url?.startsWith('https://') === true)
  return [...new Set(urls)]
}
