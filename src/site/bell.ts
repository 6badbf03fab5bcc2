import { currentItems } from '#domain/content/current-items'
import type { Site } from './site-model'

/**
 * Whether the header's bell shows once the page has loaded: some event or alert is current at
 * the build's instant. The page then keeps the bell's place from the first paint, so its
 * appearance (after the cookie answer, src/scripts/notices/start.ts) moves nothing; the rebuild
 * planner rebuilds when that answer flips (server/services/rebuilds/rules.ts notices).
 */
export function bellExpected(site: Site): boolean {
  const { events, alerts } = site.snapshot
  return currentItems([...events, ...alerts], site.now).length > 0
}
