import type { CategoryArticlesLike } from '#domain/content/active-alerts'
import type { NoticesFrame } from './frame'

/**
 * The frame's services as the loaded categories `activeAlerts` matches alerts against: the build
 * lists the services of the categories it loaded (notices.json.ts). Apart from frame.ts so the
 * bell's small chunk does not take the views' code with it.
 */
export function loadedCategories(frame: Pick<NoticesFrame, 'services'>): CategoryArticlesLike[] {
  return [{ articles: Object.keys(frame.services).map((id) => ({ id })) }]
}
