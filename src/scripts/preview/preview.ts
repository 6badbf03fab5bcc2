import { safeFragment } from '../notices/safe-html'
import { storageOrigin } from '../notices/storage-origin'
import { applyKeptTheme } from './live-theme'
import { acceptedAction, allowedOrigins, type PreviewAction } from './messages'
import { applyText } from './text-messages'

/**
 * The theme-preview listener (docs/product/4-states.md, docs/product/8-errors.md; decision 008),
 * loaded by the header script only when the page is framed or has ?previewtheme: window messages
 * from an allowed origin are applied live to this page (CSS variables on :root, fonts, custom CSS
 * in its own <style>, navigation within the site, unsaved texts in the elements the build marked
 * for them: decision 093). It writes nothing anywhere but this page's DOM: no storage, and no
 * API call but the one that reads a kept theme (live-theme.ts, decision 064).
 */
const env: Record<string, string | undefined> = import.meta.env
const allowed = allowedOrigins(location.origin, env.PUBLIC_BACKOFFICE_ORIGINS)

function styleElement(marker: string): HTMLStyleElement {
  let style = document.head.querySelector<HTMLStyleElement>(`style[data-preview="${marker}"]`)
  if (!style) {
    style = document.createElement('style')
    style.dataset.preview = marker
    document.head.append(style)
  }
  return style
}

function apply(action: PreviewAction): void {
  const root = document.documentElement
  switch (action.kind) {
    case 'variables':
    case 'font':
      for (const [name, value] of Object.entries(action.variables))
        root.style.setProperty(name, value)
      if (action.kind === 'variables' && action.scheme) root.style.colorScheme = action.scheme
      if (action.kind === 'font' && action.stylesheet) {
        const link = document.createElement('link')
        link.rel = 'stylesheet'
        link.href = action.stylesheet
        link.dataset.preview = 'font'
        document.head.append(link)
      }
      return
    case 'css':
      // textContent: the text is never parsed as HTML, so it cannot leave the element
      styleElement('css').textContent = action.css
      return
    case 'url':
      location.assign(action.href)
      return
    case 'text':
      applyText(
        action,
        document.documentElement.lang,
        document.querySelectorAll<HTMLElement>('[data-preview-text]'),
        legalHtml,
        emptyLegal,
      )
      return
  }
}

/** A legal text as the built page holds it: in a .prose block, cleaned by the site's allow-list. */
function legalHtml(markup: string): Node {
  const block = document.createElement('div')
  block.className = 'prose'
  block.append(safeFragment(markup, storageOrigin()))
  return block
}

/** A legal text emptied shows what the built page shows then: one paragraph, as text. */
function emptyLegal(text: string): Node {
  const paragraph = document.createElement('p')
  paragraph.textContent = text
  return paragraph
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const action = acceptedAction(event.origin, event.data, allowed, location.href)
  if (!action) return
  apply(action)
  document.documentElement.dataset.previewApplied = action.kind
  const source = event.source
  if (source && 'postMessage' in source) {
    ;(source as Window).postMessage({ kind: 'preview:applied', of: action.kind }, event.origin)
  }
})
document.documentElement.dataset.preview = 'ready'
// the framing studio sends what this page missed while it loaded (decision 093); only an allowed
// origin can receive this, and it says nothing but that the listener is there
if (window.parent !== window) {
  for (const origin of allowed) window.parent.postMessage({ kind: 'preview:ready' }, origin)
}
// decision 064: a kept theme named by the address's token, for a signed-in provider
void applyKeptTheme()
