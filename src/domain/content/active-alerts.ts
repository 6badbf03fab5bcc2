import type { EntityId } from '../ids'
import { currentItems, type InstantLike, type TimeBoxedLike } from './current-items'

export interface AlertLike extends TimeBoxedLike {
  serviceId?: EntityId | null | undefined
}

/** Category.articles (docs/product/3-entities.md): the services a category lists. */
export interface CategoryArticlesLike {
  articles?: readonly { id: EntityId }[] | null | undefined
}

/**
 * Alerts whose serviceId is one of the loaded categories' article ids (docs/product/4-states.md): an alert about
 * a service the site does not show cannot be booked from its reserve button. Ids are compared as
 * text (see ids.ts).
 */
export function alertsForLoadedServices<T extends AlertLike>(
  alerts: readonly T[],
  categories: readonly CategoryArticlesLike[],
): T[] {
  const serviceIds = new Set(
    categories.flatMap((category) => category.articles ?? []).map((article) => String(article.id)),
  )
  return alerts.filter(
    (alert) =>
      alert.serviceId !== null &&
      alert.serviceId !== undefined &&
      serviceIds.has(String(alert.serviceId)),
  )
}

/** The alerts shown (docs/product/4-states.md): current ones, matched to a loaded service, by end ascending. */
export function activeAlerts<T extends AlertLike>(
  alerts: readonly T[],
  categories: readonly CategoryArticlesLike[],
  now: InstantLike,
): T[] {
  return currentItems(alertsForLoadedServices(alerts, categories), now)
}
