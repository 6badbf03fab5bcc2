import sanitizeHtml from 'sanitize-html'
import type { ConsentFormat, ConsentTexts } from '#domain/consent/rules.ts'
import { TENANT_HTML } from '#domain/content/tenant-html.ts'

/**
 * A consent form's HTML is the tenant HTML policy (src/domain/content/tenant-html.ts) narrowed
 * to text structure: no links, images, tables or attributes, so a signer reads words and nothing
 * the salon's editor could smuggle (a script, a tracking image, a link dressed as a button).
 * Cleaned once, when the version is written: what is kept, hashed and signed is the clean text.
 */
const STRUCTURE = new Set(['p', 'br', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li'])
const TAGS = TENANT_HTML.tags.filter((tag) => STRUCTURE.has(tag))

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TAGS],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: [...TENANT_HTML.codeTags],
}

/** A version's texts as kept: html bodies cleaned, plain text as written (shown as text). */
export function cleanTexts(format: ConsentFormat, texts: ConsentTexts): ConsentTexts {
  if (format === 'text') return texts
  const clean: ConsentTexts = {}
  for (const [locale, text] of Object.entries(texts)) {
    clean[locale as keyof ConsentTexts] = {
      title: text.title,
      body: sanitizeHtml(text.body, OPTIONS).trim(),
    }
  }
  return clean
}
