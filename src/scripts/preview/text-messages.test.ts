import { describe, expect, it } from 'vitest'
import { acceptedAction, allowedOrigins } from './messages'
import {
  applyText,
  MAX_RICH_TEXT,
  MAX_TEXT,
  type TextAction,
  type TextTarget,
} from './text-messages'

const HERE = 'http://bains-du-lac.localhost:4321/en/?previewtheme=1'
const OWN = 'http://bains-du-lac.localhost:4321'
const allowed = allowedOrigins(OWN, undefined)
const message = (fields: Record<string, unknown>) => ({
  kind: 'text',
  target: 'hero.0.title',
  locale: 'en',
  text: 'New title',
  ...fields,
})

/** A page element as the listener sees it; assigning HTML to it fails the test. */
function element(slot: string, text: string, fallback?: string) {
  const dataset: DOMStringMap = { previewText: slot }
  if (fallback !== undefined) dataset.previewDefault = fallback
  const target = {
    dataset,
    textContent: text as string | null,
    children: [] as unknown[],
    replaceChildren(...nodes: unknown[]) {
      target.children = nodes
    },
  }
  Object.defineProperty(target, 'innerHTML', {
    set() {
      throw new Error('HTML assigned')
    },
  })
  return target
}
const apply = (action: TextAction, targets: TextTarget[], locale = 'en') =>
  applyText(
    action,
    locale,
    targets,
    (markup) => ({ cleaned: markup }) as unknown as Node,
    (text) => ({ empty: text }) as unknown as Node,
  )
const accept = (fields: Record<string, unknown>, origin = OWN) =>
  acceptedAction(origin, message(fields), allowed, HERE)

describe('text preview messages (docs/decisions/093-live-text-preview.md)', () => {
  it('a text for a named slot from the site or studio origin is accepted', () => {
    expect(accept({})).toEqual({
      kind: 'text',
      slot: 'hero.0.title',
      locale: 'en',
      text: 'New title',
      rich: false,
    })
    for (const target of ['menu.services', 'bottom.left', 'other.a1-b2', 'hero.12.button']) {
      expect(accept({ target })?.kind).toBe('text')
    }
    expect(accept({ target: 'legal.cgv', text: '<p>x</p>' })).toMatchObject({ rich: true })
  })

  it('refuses a wrong origin, a non-string, a text too long, an unknown slot, a bad locale', () => {
    expect(accept({}, 'https://evil.example')).toBe(undefined)
    expect(accept({}, `${OWN}.evil.io`)).toBe(undefined)
    expect(accept({}, 'null')).toBe(undefined)
    for (const text of [42, null, undefined, ['a'], { toString: () => 'x' }]) {
      expect(accept({ text })).toBe(undefined)
    }
    expect(accept({ text: 'x'.repeat(MAX_TEXT + 1) })).toBe(undefined)
    expect(accept({ text: 'x'.repeat(MAX_TEXT) })?.kind).toBe('text')
    expect(accept({ target: 'legal.cgu', text: 'x'.repeat(MAX_RICH_TEXT + 1) })).toBe(undefined)
    for (const target of [
      'hero.x.title',
      'hero.0.image',
      'menu.__proto__',
      'menu.services.x',
      'legal.other',
      'title',
      '',
      7,
      undefined,
      'other.a b',
    ]) {
      expect(accept({ target })).toBe(undefined)
    }
    for (const locale of ['english', 'EN', 1, undefined]) expect(accept({ locale })).toBe(undefined)
  })

  it('sets text, never HTML: markup appears as text', () => {
    const title = element('hero.0.title', 'Old')
    const other = element('hero.1.title', 'Kept')
    const markup = '<img src=x onerror="alert(1)">'
    const action = accept({ text: markup })
    if (action?.kind !== 'text') throw new Error('refused')
    expect(apply(action, [title, other])).toBe(1)
    expect(title.textContent).toBe(markup)
    expect(title.children).toEqual([])
    expect(other.textContent).toBe('Kept')
  })

  it('only on a page in the message language; an emptied text shows the default', () => {
    const label = element('menu.services', 'Soins', 'Services')
    const action = accept({ target: 'menu.services', text: 'Care' })
    if (action?.kind !== 'text') throw new Error('refused')
    expect(apply(action, [label], 'fr')).toBe(0)
    expect(label.textContent).toBe('Soins')
    expect(apply(action, [label], 'en-GB')).toBe(1)
    expect(label.textContent).toBe('Care')
    apply({ ...action, text: '  ' }, [label])
    expect(label.textContent).toBe('Services')
  })

  it('a rich slot goes through the cleaner, or shows its empty text', () => {
    const legal = element('legal.cgv', 'Old', 'Nothing yet')
    const action = accept({ target: 'legal.cgv', text: '<b>Terms</b><script>x</script>' })
    if (action?.kind !== 'text') throw new Error('refused')
    apply(action, [legal])
    expect(legal.children).toEqual([{ cleaned: '<b>Terms</b><script>x</script>' }])
    apply({ ...action, text: '' }, [legal])
    expect(legal.children).toEqual([{ empty: 'Nothing yet' }])
  })
})
