import type { ContentKind, JsonObject, NewContentRow } from './schema/index.ts'

/**
 * The queryable columns of a content row, read from its data (the contract shape). One place,
 * so the seed and the routes that create or update content fill them the same way.
 */
export type ContentColumns = Pick<
  NewContentRow,
  'slug' | 'type' | 'order' | 'published' | 'startsAt' | 'endsAt'
>

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : null

const integer = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 2 ** 31 ? value : null

/** An instant, or a calendar date (taken as its start, UTC); anything else is left empty. */
function instant(value: unknown): Date | null {
  if (typeof value !== 'string') return null
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** Whether a visitor may see it: posts say `published`, articles `draft`, others are public. */
function published(kind: ContentKind, data: JsonObject): boolean {
  if (kind === 'posts') return data.published === true
  if (kind === 'articles') return data.draft !== true
  if (kind === 'loyaltyPrograms') return data.active !== false
  return true
}

function window(kind: ContentKind, data: JsonObject): Pick<ContentColumns, 'startsAt' | 'endsAt'> {
  if (kind === 'posts') return { startsAt: instant(data.publishedAt), endsAt: null }
  if (kind === 'closedDays' || kind === 'openDays') {
    return { startsAt: instant(data.start ?? data.date), endsAt: instant(data.end ?? data.date) }
  }
  return { startsAt: instant(data.start), endsAt: instant(data.end) }
}

/**
 * A collection's type names its page and its items, a coupon's code is typed by customers in any
 * case (docs/decisions/090-studio-marketing.md): each unique per company, as a slug, so the
 * content writer's slug check refuses a second one.
 */
function slugOf(kind: ContentKind, data: JsonObject): string | null {
  if (kind === 'collectionSchemas') return text(data.type)
  if (kind === 'coupons') return text(data.code)?.trim().toLowerCase() || null
  return text(data.slug)
}

/** `fallbackOrder` is the entity's position in its list, for files that give no order. */
export function contentColumns(
  kind: ContentKind,
  data: JsonObject,
  fallbackOrder = 0,
): ContentColumns {
  return {
    slug: slugOf(kind, data),
    type: text(data.type),
    order: integer(data.order) ?? fallbackOrder,
    published: published(kind, data),
    ...window(kind, data),
  }
}

/** The id of an entity as the contract has it: an opaque string (numbers are accepted). */
export function entityIdOf(data: JsonObject): string | undefined {
  return text(data.id) ?? undefined
}
