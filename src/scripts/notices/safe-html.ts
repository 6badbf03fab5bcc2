import { allowedUrl, ownImage, TENANT_HTML } from '#domain/content/tenant-html'

/**
 * The browser's copy of the build's sanitiser (src/site/sanitize.ts) for the event and alert
 * bodies the notices script reads from the API (docs/security.md): the same policy
 * (src/domain/content/tenant-html.ts), applied by rebuilding an allowed copy node by node of a
 * document DOMParser made inert (no script runs, no image loads in it). Nothing from the
 * parsed markup is ever inserted as is.
 */
const TAGS: ReadonlySet<string> = new Set(TENANT_HTML.tags)
const CODE: ReadonlySet<string> = new Set(TENANT_HTML.codeTags)

function copyAttributes(from: Element, to: Element): void {
  for (const name of TENANT_HTML.attributes[from.localName] ?? []) {
    const value = from.getAttribute(name)
    if (value === null) continue
    if (name === 'href' && !allowedUrl(value, TENANT_HTML.schemes)) continue
    if (name === 'src' && !allowedUrl(value, TENANT_HTML.imageSchemes)) continue
    to.setAttribute(name, value)
  }
}

/** An image on another host becomes a link to it (it would reach that host before consent). */
function image(from: Element, storage: string): Node {
  const src = from.getAttribute('src') ?? ''
  if (ownImage(src, storage) && allowedUrl(src, TENANT_HTML.imageSchemes)) {
    const img = document.createElement('img')
    copyAttributes(from, img)
    img.setAttribute('loading', 'lazy')
    return img
  }
  if (!/^https?:\/\//i.test(src.trim())) {
    const img = document.createElement('img')
    img.alt = from.getAttribute('alt') ?? ''
    return img
  }
  const link = document.createElement('a')
  link.href = src
  link.target = '_blank'
  link.rel = 'noopener noreferrer'
  link.textContent = from.getAttribute('alt') || from.getAttribute('title') || src
  return link
}

function copyChildren(from: Node, into: Node, storage: string): void {
  for (const child of from.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(document.createTextNode(child.textContent ?? ''))
      continue
    }
    if (!(child instanceof Element) || CODE.has(child.localName)) continue
    const tag = child.localName
    // an unknown tag is dropped and its text kept, as the build's sanitiser does
    if (!TAGS.has(tag)) copyChildren(child, into, storage)
    else if (tag === 'img') into.appendChild(image(child, storage))
    else {
      const element = document.createElement(tag)
      copyAttributes(child, element)
      if (tag === 'a') {
        if (element.getAttribute('target') === '_blank')
          element.setAttribute('rel', 'noopener noreferrer')
        else element.removeAttribute('target')
      }
      copyChildren(child, element, storage)
      into.appendChild(element)
    }
  }
}

// An event handler attribute is never copied, but parsing one, even in an inert document, makes
// the page's policy report a (blocked) inline script: the text loses them first. This only spares
// the reports; what the page receives is still decided by the copy below.
const HANDLER = /(<[^>]*?[\s/"'])on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*)/gi

function withoutHandlers(markup: string): string {
  let text = markup
  for (let before = ''; before !== text; ) {
    before = text
    text = text.replace(HANDLER, '$1')
  }
  return text
}

/** Tenant HTML as a fragment holding only what the policy allows. */
export function safeFragment(markup: string, storage: string): DocumentFragment {
  const parsed = new DOMParser().parseFromString(withoutHandlers(markup), 'text/html')
  const fragment = document.createDocumentFragment()
  copyChildren(parsed.body, fragment, storage)
  return fragment
}
