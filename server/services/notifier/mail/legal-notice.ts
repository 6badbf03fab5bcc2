import sanitizeHtml from 'sanitize-html'
import { DEFAULT_LOCALE, type Locale } from '#i18n/locales.ts'

/**
 * A company's legal identity as its e-mails' footer tells it. The company settings hold no
 * structured legal name, address or registration number: they hold the site's legal notice
 * (`booker.textLegals.mentions`, translated HTML, docs/product/3-entities.md), which by law
 * (LCEN art. 6) opens with the publisher: legal name and form, registration (RCS, SIREN, VAT),
 * registered office and contact. The footer is the text of that first section's first two
 * paragraphs, and the contact address its first `mailto:` link.
 */
export interface LegalNotice {
  /** plain text lines (at most two, each at most 300 characters) */
  readonly lines: readonly string[]
  readonly email: string | undefined
}

/**
 * The text of some tenant HTML: tags dropped (sanitize-html, the project's HTML parser, decodes
 * every entity a rich-text editor writes: `&eacute;`, `&nbsp;`…), white space collapsed. Its
 * output escapes `&`, `<` and `>` again, undone here: React escapes the text when it renders.
 */
function plainText(html: string): string {
  return sanitizeHtml(html.replace(/<br\s*\/?>/gi, ' '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The text of the reader's language, else French, else any (as the sites fall back). */
function translated(value: unknown, locale: Locale): string {
  if (typeof value === 'string') return value
  if (typeof value !== 'object' || value === null) return ''
  const byLocale = value as Record<string, unknown>
  const own = byLocale[locale] ?? byLocale[DEFAULT_LOCALE] ?? Object.values(byLocale)[0]
  return typeof own === 'string' ? own : ''
}

const MAX_LINE = 300

export function legalNotice(booker: unknown, locale: Locale): LegalNotice {
  const legals = (booker as { textLegals?: { mentions?: unknown } } | undefined)?.textLegals
  const html = translated(legals?.mentions, locale)
  // the publisher's section: after the first heading, up to the next one
  const sections = html.split(/<h[1-6][^>]*>/i)
  const first = sections.length > 1 ? (sections[1] ?? '') : html
  const paragraphs = [...first.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/gi)].map((m) => m[1] ?? '')
  const lines = (paragraphs.length > 0 ? paragraphs : [first.replace(/^[^<]*<\/h[1-6]>/i, '')])
    .map(plainText)
    .filter(Boolean)
    .slice(0, 2)
    .map((line) => (line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line))
  const mailto = /href\s*=\s*["']mailto:([^"'?\s]+@[^"'?\s]+)/i.exec(html)?.[1]
  return { lines, email: mailto ? plainText(mailto) : undefined }
}
