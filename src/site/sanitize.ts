import sanitizeHtml from 'sanitize-html'
import { ownImage, TENANT_HTML } from '#domain/content/tenant-html'
import { storageBase } from './asset-url'

/**
 * Tenant HTML (post bodies, legal texts, messages) is sanitised once, at build time, so pages
 * ship no sanitiser; only the event and alert bodies, read from the API at page load, are
 * cleaned in the browser (src/scripts/notices/safe-html.ts). What survives is what a rich-text editor produces:
 * text structure, links, images, simple tables. Scripts, styles, iframes, forms, event handlers
 * and any scheme but http(s), mailto and tel are dropped; links that open a new tab get
 * rel="noopener noreferrer". Images load from the site itself (relative addresses) or the
 * storage origin only: an image on another host would reach it before any consent, so it
 * becomes a link to that image, its alt text (or address) as the link text (decision 019).
 * The policy is src/domain/content/tenant-html.ts, shared with the browser's sanitiser.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TENANT_HTML.tags],
  allowedAttributes: Object.fromEntries(
    Object.entries(TENANT_HTML.attributes).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: [...TENANT_HTML.schemes],
  allowedSchemesByTag: { img: [...TENANT_HTML.imageSchemes] },
  allowProtocolRelative: false,
  // 'discard' drops the tag and keeps its text, except for these whose content is code.
  disallowedTagsMode: 'discard',
  nonTextTags: [...TENANT_HTML.codeTags],
  transformTags: {
    a: (tagName, attribs) => {
      const attrs = { ...attribs }
      if (attrs.target === '_blank') attrs.rel = 'noopener noreferrer'
      else delete attrs.target
      return { tagName, attribs: attrs }
    },
    img: (tagName, attribs) => {
      const src = attribs.src ?? ''
      if (ownImage(src, storageBase())) return { tagName, attribs: { ...attribs, loading: 'lazy' } }
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
