import { safeFragment } from './safe-html'
import { storageOrigin } from './storage-origin'

/**
 * A few lines of DOM building for the vanilla dialogs (events, alerts, coupon): they open on
 * pages that otherwise ship no framework (decision 008). Text goes through textContent; tenant
 * HTML (event and alert bodies from the API) only through `sanitisedHtml`, which rebuilds what
 * the sanitising policy allows (safe-html.ts).
 */
type Attributes = Record<string, string | number | boolean | undefined>
type Child = Node | string | false | null | undefined

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue
    element.setAttribute(name, value === true ? '' : String(value))
  }
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue
    element.append(child)
  }
  return element
}

/** A container for tenant markup (event and alert bodies), cleaned by the sanitising policy. */
export function sanitisedHtml(className: string, markup: string): HTMLDivElement {
  const element = h('div', { class: className })
  element.append(safeFragment(markup, storageOrigin()))
  return element
}

let ids = 0
export function uniqueId(prefix: string): string {
  ids += 1
  return `${prefix}-${ids}`
}

const CLOSE_ICON =
  '<svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round"/></svg>'
const ARROW_ICON =
  '<svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24"><path d="M9 5l7 7-7 7" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>'

export function iconButton(
  label: string,
  icon: 'close' | 'next' | 'previous',
  className = '',
): HTMLButtonElement {
  const button = h('button', {
    type: 'button',
    class: `icon-button ${className}`.trim(),
    'aria-label': label,
  })
  button.innerHTML = icon === 'close' ? CLOSE_ICON : ARROW_ICON
  if (icon === 'previous') button.classList.add('icon-button--flip')
  return button
}
