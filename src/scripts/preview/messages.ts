import { parseOrigins } from '#domain/web/origins'
import { parseColour, readableOn } from '#theme/colour'
import { safeCustomCss } from '#theme/custom-css'
import { previewMarker } from './preview-token'
import { type TextAction, textAction } from './text-messages'

/**
 * Theme preview messages (docs/product/4-states.md, docs/product/8-errors.md; decision 008): the back office frames the site and posts
 * messages of kinds colour, theme, font, value, css and url, and our text (decision 093). Each
 * is validated here, in pure functions, into the CSS variables, style text, address or text the
 * page applies; anything else is
 * ignored. Nothing here writes the company's settings: the preview is the visitor's page only.
 */

/** Theme colours a message may set, by the name the back office uses (themes.general.*). */
export const COLOUR_VARIABLES = {
  header: '--c-header',
  menu: '--c-menu',
  button: '--c-button',
  secondaryButton: '--c-button-2',
  footer: '--c-footer',
  page: '--c-page-bg',
  marketplace: '--c-mkp-bg',
  eventBackground: '--c-event-bg',
  eventText: '--c-event-text',
  breadcrumbDefault: '--c-bread-default',
  breadcrumbDone: '--c-bread-done',
  breadcrumbCurrent: '--c-bread-current',
} as const
export type ColourName = keyof typeof COLOUR_VARIABLES

/** The readable text colour variable that follows each background colour. */
const ON_COLOUR: Partial<Record<ColourName, string>> = {
  header: '--c-on-header',
  menu: '--c-on-menu',
  button: '--c-on-button',
  secondaryButton: '--c-on-button-2',
  footer: '--c-on-footer',
  page: '--c-on-page',
}

/** Other values: lengths only. */
export const VALUE_VARIABLES = {
  logoSize: '--logo-size',
  siteMax: '--site-max',
  buttonRadius: '--radius-button',
  menuRadius: '--radius-menu',
} as const

export const FONT_TARGETS = ['header', 'menu', 'body'] as const

const FALLBACK_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'

/** What the page does for one accepted message. */
export type PreviewAction =
  | { kind: 'variables'; variables: Record<string, string>; scheme?: 'light' | 'dark' }
  | { kind: 'font'; variables: Record<string, string>; stylesheet: string | undefined }
  | { kind: 'css'; css: string }
  | { kind: 'url'; href: string }
  | TextAction

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const has = <T extends object>(table: T, key: unknown): key is keyof T =>
  typeof key === 'string' && Object.hasOwn(table, key)

/** A colour the theme accepts (hex, rgb(a), hsl(a)), or undefined. */
export function validColour(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 40) return undefined
  return parseColour(value) ? value.trim() : undefined
}

function colourVariables(name: ColourName, colour: string): Record<string, string> {
  const variables: Record<string, string> = { [COLOUR_VARIABLES[name]]: colour }
  const on = ON_COLOUR[name]
  if (on) variables[on] = readableOn(colour)
  return variables
}

/** A length: a number with px, rem, em or %, or 0. */
export function validLength(value: unknown): string | undefined {
  const text = typeof value === 'number' ? `${value}px` : value
  if (typeof text !== 'string') return undefined
  return /^(0|\d{1,4}(\.\d{1,3})?(px|rem|em|%))$/.test(text.trim()) ? text.trim() : undefined
}

/**
 * A font family name (letters, digits, spaces, hyphens) and an optional https stylesheet, as
 * the theme's fonts are stored (themes.headerFont {name, url}).
 */
export function validFont(
  name: unknown,
  url: unknown,
): { family: string; stylesheet: string | undefined } | undefined {
  if (typeof name !== 'string' || !/^[\p{L}\p{N} _-]{1,60}$/u.test(name.trim())) return undefined
  let stylesheet: string | undefined
  if (url !== undefined && url !== null && url !== '') {
    if (typeof url !== 'string') return undefined
    try {
      const parsed = new URL(url)
      if (parsed.protocol !== 'https:') return undefined
      stylesheet = parsed.href
    } catch {
      return undefined
    }
  }
  return { family: `"${name.trim()}", ${FALLBACK_STACK}`, stylesheet }
}

/**
 * A path of this site to navigate to, kept in preview (?previewtheme, with its token), or undefined when the
 * address would leave the site's origin.
 */
export function sitePath(path: unknown, here: string): string | undefined {
  if (typeof path !== 'string' || path.length > 500) return undefined
  let target: URL
  const base = new URL(here)
  try {
    target = new URL(path, base)
  } catch {
    return undefined
  }
  if (target.origin !== base.origin) return undefined
  // the kept theme's token goes along, so the next page previews it too (decision 064)
  target.searchParams.set('previewtheme', previewMarker(base.search))
  return target.href
}

/**
 * Turns a message into what the page applies, or undefined to ignore it. `here` is the page's
 * address (for url messages). The kind may be spelled `color` too.
 */
export function previewAction(data: unknown, here: string): PreviewAction | undefined {
  if (!isRecord(data)) return undefined
  const kind = data.kind ?? data.type
  switch (kind) {
    case 'colour':
    case 'color': {
      const colour = validColour(data.value)
      if (!has(COLOUR_VARIABLES, data.name) || !colour) return undefined
      return { kind: 'variables', variables: colourVariables(data.name, colour) }
    }
    case 'theme': {
      if (!isRecord(data.colours ?? data.colors)) return undefined
      const colours = (data.colours ?? data.colors) as Record<string, unknown>
      const variables: Record<string, string> = {}
      for (const [name, value] of Object.entries(colours)) {
        const colour = validColour(value)
        if (has(COLOUR_VARIABLES, name) && colour)
          Object.assign(variables, colourVariables(name, colour))
      }
      const scheme = data.mode === 'dark' || data.mode === 'light' ? data.mode : undefined
      if (Object.keys(variables).length === 0 && !scheme) return undefined
      return scheme ? { kind: 'variables', variables, scheme } : { kind: 'variables', variables }
    }
    case 'font': {
      const target = FONT_TARGETS.find((font) => font === data.target)
      const font = validFont(data.name, data.url)
      if (!target || !font) return undefined
      return {
        kind: 'font',
        variables: { [`--font-${target}`]: font.family },
        stylesheet: font.stylesheet,
      }
    }
    case 'value': {
      const length = validLength(data.value)
      if (!has(VALUE_VARIABLES, data.name) || !length) return undefined
      return { kind: 'variables', variables: { [VALUE_VARIABLES[data.name]]: length } }
    }
    case 'css': {
      if (typeof data.css !== 'string' || data.css.length > 100_000) return undefined
      return { kind: 'css', css: safeCustomCss(data.css) }
    }
    case 'url': {
      const href = sitePath(data.path ?? data.url, here)
      return href ? { kind: 'url', href } : undefined
    }
    case 'text':
      return textAction(data)
    default:
      return undefined
  }
}

/**
 * The origins whose messages are accepted (decision 008): the site's own origin and the back
 * office's, from PUBLIC_BACKOFFICE_ORIGINS (comma-separated origins) at build time. Exact
 * origin match only: no wildcard, no prefix, never 'null'.
 */
export function allowedOrigins(own: string, configured: string | undefined): Set<string> {
  return new Set<string>([own, ...parseOrigins(configured)])
}

export function isAllowedOrigin(origin: string, allowed: ReadonlySet<string>): boolean {
  return origin !== 'null' && allowed.has(origin)
}

/** What the listener does with one window message: nothing unless its origin is allowed. */
export function acceptedAction(
  origin: string,
  data: unknown,
  allowed: ReadonlySet<string>,
  here: string,
): PreviewAction | undefined {
  return isAllowedOrigin(origin, allowed) ? previewAction(data, here) : undefined
}
