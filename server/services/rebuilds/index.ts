/**
 * The rebuilds module's one entry (docs/decisions/069-server-modules.md): when timed content
 * (a post, an event, a coupon window) flips on a tenant's site, and the jobs that publish each
 * flip once, spread over time. Its own files import each other directly.
 */
export { replanningPublisher } from './replanning-publisher.ts'
export { DEFAULT_SPACING, flipsBetween, type Spacing, type TimedContent } from './rules.ts'
export { plannedFires, publishFire, SWEEP_LOOKBACK_MS } from './schedule.ts'
