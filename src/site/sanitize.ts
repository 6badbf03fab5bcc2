import sanitizeHtml from 'sanitize-html'
import { storageBase } from './asset-url'

/**
 * Tenant HTML (post bodies, event and alert bodies, legal texts, messages) is sanitised once, at
 * build time, so no page ships a sanitiser. What survives is what a rich-text editor produces:
 * text structure, links, images, simple tables. Scripts, styles, iframes, forms, event handlers
 * and any scheme but http(s), mailto and tel are dropped; links that open a new tab get
 * rel="noopener noreferrer". Images load from the site itself (relative addresses) or the
 * storage origin only: an image on another host would reach it before any consent, so it
 * becomes a link to that image, its alt text (or address) as the link text (decision 019).
 */
/** A relative address, or one on the storage origin (PUBLIC_STORAGE_URL at build time). */
function ownImage(src: string): boolean {
  const address = src.trim().replace(/\\/g, '/')
  if (!/^[a-z][a-z0-9+.-]*:/i.test(address) && !address.startsWith('//')) return true
  const storage = storageBase()
  try {
    return storage !== '' && new URL(address).origin === new URL(storage).origin
  } catch {
    return false
  }
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'span',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // 'discard' drops the tag and keeps its text, except for these whose content is code.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
  transformTags: {
    a: (tagName, attribs) => {
      const attrs = { ...attribs }
      if (attrs.target === '_blank') attrs.rel = 'noopener noreferrer'
      else delete attrs.target
      return { tagName, attribs: attrs }
    },
    img: (tagName, attribs) => {
      const src = attribs.src ?? ''
      if (ownImage(src)) return { tagName, attribs: { ...attribs, loading: 'lazy' } }
      if (!/^https?:\/\//i.test(src.trim())) return { tagName, attribs: { alt: attribs.alt ?? '' } }
      const link = { href: src, target: '_blank', rel: 'noopener noreferrer' }
      return { tagName: 'a', attribs: link, text: attribs.alt || attribs.title || src }
    },
  },
}

export function sanitizeTenantHtml(html: string | null | undefined): string {
  if (!html) return ''
  return sanitizeHtml(html, OPTIONS).trim()
}

/** Plain text of tenant text that is not meant to hold markup (a message shown as text). */
export function plainText(html: string | null | undefined): string {
  if (!html) return ''
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim()
}
