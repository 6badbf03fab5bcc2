import sanitizeHtml from 'sanitize-html'
import { tenantHtmlOptions } from '#domain/content/tenant-html-options'
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
 * The policy is src/domain/content/tenant-html.ts, shared with the browser's sanitiser, and its
 * options src/domain/content/tenant-html-options.ts, shared with the API (post bodies at save).
 */
export function sanitizeTenantHtml(html: string | null | undefined): string {
  if (!html) return ''
  // the storage origin is read per call: a build (and a test) may set it after this module loads
  return sanitizeHtml(html, tenantHtmlOptions(storageBase())).trim()
}

/** Plain text of tenant text that is not meant to hold markup (a message shown as text). */
export function plainText(html: string | null | undefined): string {
  if (!html) return ''
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim()
}
