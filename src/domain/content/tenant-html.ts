/**
 * What tenant HTML may hold once sanitised (docs/security.md): what a rich-text editor produces,
 * text structure, links, images, simple tables. One policy for the build's sanitiser
 * (src/site/sanitize.ts) and the browser's, which cleans the event and alert bodies read from
 * the API at page load (docs/product/4-states.md "Loading content").
 */
export const TENANT_HTML = {
  tags: [
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
  attributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  } as Readonly<Record<string, readonly string[]>>,
  schemes: ['http', 'https', 'mailto', 'tel'],
  imageSchemes: ['http', 'https'],
  /** dropped with their content, which is code; other unknown tags keep their text */
  codeTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
} as const

const SCHEME = /^([a-z][a-z0-9+.-]*):/i

/** A link or image address: relative, or absolute with one of `schemes`; never protocol-relative. */
export function allowedUrl(value: string, schemes: readonly string[]): boolean {
  // browsers ignore control characters and spaces inside a scheme ('java\tscript:')
  const address = [...value].filter((char) => char.charCodeAt(0) > 0x20).join('')
  if (address.startsWith('//') || address.startsWith('\\\\')) return false
  const scheme = SCHEME.exec(address)?.[1]
  return scheme === undefined || schemes.includes(scheme.toLowerCase())
}

/**
 * Images load from the site itself (relative addresses) or the storage origin only: an image on
 * another host would reach it before any consent (decision 019). `storage` is
 * PUBLIC_STORAGE_URL, '' when the site serves its own images.
 */
export function ownImage(src: string, storage: string): boolean {
  const address = src.trim().replace(/\\/g, '/')
  if (!SCHEME.test(address) && !address.startsWith('//')) return true
  try {
    return storage !== '' && new URL(address).origin === new URL(storage).origin
  } catch {
    return false
  }
}
