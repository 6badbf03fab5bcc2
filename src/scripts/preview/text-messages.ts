/**
 * The `text` preview message (docs/decisions/093-live-text-preview.md, docs/product/4-states.md
 * theme preview): `{ kind: 'text', target, locale, text }` shows a setting's unsaved text in the
 * framed page, in the elements the build marked `data-preview-text="<target>"`. The target is one
 * of a closed set of slots; the site, not the message, says which slots hold HTML (the legal
 * texts, cleaned by the site's allow-list before they are shown). Pure: validation only.
 */

/** Slots printed as text; `<n>` is a slide's place, `<id>` a custom menu item's id. */
const TEXT_SLOTS: readonly RegExp[] = [
  /^hero\.\d{1,2}\.(title|text|button)$/,
  /^menu\.(services|boutique|gift|contact|magazine)$/,
  /^other\.[A-Za-z0-9_-]{1,64}$/,
  /^bottom\.(left|right)$/,
]
/** Slots holding tenant HTML, shown through the site's sanitiser. */
const RICH_SLOTS: readonly RegExp[] = [/^legal\.(rgpd|mentions|cgv|cgu|cookies)$/]

/** Longest text a plain slot takes (a title, a label, a slide's line) and a rich one (a legal text). */
export const MAX_TEXT = 2_000
export const MAX_RICH_TEXT = 200_000

const LOCALE = /^[a-z]{2}$/

export interface TextAction {
  kind: 'text'
  slot: string
  /** the language the text is in: a page in another language ignores it */
  locale: string
  text: string
  /** HTML of a rich slot, to be cleaned by the site's allow-list; else plain text */
  rich: boolean
}

/** The slot's kind, or undefined when the site has no such slot. */
export function slotKind(slot: unknown): 'plain' | 'rich' | undefined {
  if (typeof slot !== 'string' || slot.length > 80) return undefined
  if (TEXT_SLOTS.some((pattern) => pattern.test(slot))) return 'plain'
  return RICH_SLOTS.some((pattern) => pattern.test(slot)) ? 'rich' : undefined
}

/** A text message as the page applies it, or undefined to ignore it. */
export function textAction(data: Record<string, unknown>): TextAction | undefined {
  const { target, locale, text } = data
  const kind = slotKind(target)
  if (!kind || typeof target !== 'string') return undefined
  if (typeof locale !== 'string' || !LOCALE.test(locale)) return undefined
  if (typeof text !== 'string') return undefined
  if (text.length > (kind === 'rich' ? MAX_RICH_TEXT : MAX_TEXT)) return undefined
  return { kind: 'text', slot: target, locale, text, rich: kind === 'rich' }
}

/** What one element of the page needs to show a text: the build's marks and its content. */
export interface TextTarget {
  readonly dataset: DOMStringMap
  textContent: string | null
  replaceChildren(...nodes: (Node | string)[]): void
}

/**
 * Shows `action` in the targets marked with its slot, when the page is in its language. Plain
 * text goes in by textContent only, never parsed as HTML; an empty text shows the build's
 * `data-preview-default` (the catalog's label a menu falls back to). A rich slot gets the
 * fragment `clean` makes of the HTML (the site's allow-list), or the default when empty.
 * Answers how many elements changed.
 */
export function applyText(
  action: TextAction,
  pageLocale: string,
  targets: Iterable<TextTarget>,
  clean: (markup: string) => Node,
  emptyRich: (text: string) => Node,
): number {
  if (action.locale !== pageLocale.slice(0, 2)) return 0
  let changed = 0
  for (const target of targets) {
    if (target.dataset.previewText !== action.slot) continue
    const fallback = target.dataset.previewDefault ?? ''
    if (!action.rich) target.textContent = action.text.trim() ? action.text : fallback
    else if (action.text.trim()) target.replaceChildren(clean(action.text))
    else target.replaceChildren(emptyRich(fallback))
    changed += 1
  }
  return changed
}
