import type { CollectionField, CollectionValue, TranslatedText } from '#contract/index'

/**
 * What the site's layouts show of an item (docs/decisions/084-collections-and-theme-editor.md):
 * its first text is the title, its first long text the body, its first image the picture, its
 * first amount the price; the other fields are listed under their label. Texts stay per
 * language (the page picks its own); a boolean shows only when true (a "yes" label), an empty
 * value never.
 */

export type DisplayText = TranslatedText

export interface DisplayRow {
  readonly key: string
  readonly label: TranslatedText
  readonly value:
    | { readonly kind: 'text'; readonly text: DisplayText }
    | { readonly kind: 'number'; readonly value: number }
    | { readonly kind: 'money'; readonly minor: number }
    | { readonly kind: 'yes' }
    | { readonly kind: 'link'; readonly href: string }
}

export interface ItemDisplay {
  readonly title: DisplayText | undefined
  readonly body: DisplayText | undefined
  readonly image: string | undefined
  readonly price: number | undefined
  readonly rows: readonly DisplayRow[]
}

type Fields = readonly Pick<CollectionField, 'key' | 'kind' | 'label'>[]

/** A text value as per-language text: a plain one reads the same in every language. */
function textOf(value: CollectionValue | undefined): DisplayText | undefined {
  if (typeof value === 'string')
    return value.trim() ? { fr: value, en: value, de: value, es: value, it: value } : undefined
  if (typeof value === 'object' && value !== null) {
    return Object.values(value).some((text) => text?.trim()) ? value : undefined
  }
  return undefined
}

function rowValue(
  kind: CollectionField['kind'],
  value: CollectionValue | undefined,
): DisplayRow['value'] | undefined {
  switch (kind) {
    case 'text':
    case 'longText': {
      const text = textOf(value)
      return text ? { kind: 'text', text } : undefined
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? { kind: 'number', value }
        : undefined
    case 'money':
      return typeof value === 'number' && Number.isSafeInteger(value)
        ? { kind: 'money', minor: value }
        : undefined
    case 'boolean':
      return value === true ? { kind: 'yes' } : undefined
    case 'url':
      return typeof value === 'string' && value ? { kind: 'link', href: value } : undefined
    case 'image':
      return undefined
  }
}

export function itemDisplay(
  fields: Fields,
  values: Readonly<Record<string, CollectionValue>>,
): ItemDisplay {
  const valueAt = (key: string) => (Object.hasOwn(values, key) ? values[key] : undefined)
  const first = (kind: CollectionField['kind']) => fields.find((field) => field.kind === kind)?.key
  const titleKey = first('text')
  const bodyKey = first('longText')
  const imageKey = first('image')
  const priceKey = first('money')
  const image = imageKey === undefined ? undefined : valueAt(imageKey)
  const price = priceKey === undefined ? undefined : valueAt(priceKey)
  const used = new Set([titleKey, bodyKey, imageKey, priceKey])
  const rows: DisplayRow[] = []
  for (const field of fields) {
    if (used.has(field.key)) continue
    const value = rowValue(field.kind, valueAt(field.key))
    if (value) rows.push({ key: field.key, label: field.label, value })
  }
  return {
    title: titleKey === undefined ? undefined : textOf(valueAt(titleKey)),
    body: bodyKey === undefined ? undefined : textOf(valueAt(bodyKey)),
    image: typeof image === 'string' && image ? image : undefined,
    price: typeof price === 'number' && Number.isSafeInteger(price) ? price : undefined,
    rows,
  }
}
