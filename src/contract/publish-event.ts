import * as z from 'zod/mini'
import { instant, languageCode, MAX_ID_LENGTH } from './common'

/**
 * The publish webhook's body (docs/decisions/070-publish-event-in-the-contract.md): what the API
 * sends when a tenant's content changed, and what the sites side (scripts/serve, the GitHub relay)
 * accepts. Signed per delivery by ./publish-signature.ts; the signature header carries the
 * delivery id the receiver remembers against replays, the body says what changed.
 */

/** The `types` .github/workflows/rebuild-tenant.yml lists under `on.repository_dispatch`. */
export const PUBLISH_DISPATCH_TYPE = 'publish'

/**
 * What changed, as the sites see it. `company` (settings, theme) and `schedule` (a content
 * boundary passed, docs/decisions/059-rebuilds-at-content-boundaries.md) concern every page;
 * the others name the content whose pages depend on it.
 */
export const PUBLISH_KINDS = [
  'company',
  'schedule',
  'shops',
  'catalogue',
  'posts',
  'post-categories',
  'events',
  'alerts',
  'coupons',
  'loyalty',
  'calendar',
  'collections',
] as const
export const publishKind = z.enum(PUBLISH_KINDS)
export type PublishKind = z.infer<typeof publishKind>

/** Host names as the API stores them: lowercase letters, digits, dots and dashes, no `..`. */
export const publishHost = z.string().check(
  z.regex(/^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?$/),
  z.refine((host) => !host.includes('..')),
)

/** The languages whose pages changed: `all`, or some of the five. */
export const publishLanguages = z.union([
  z.literal('all'),
  z.array(languageCode).check(z.minLength(1), z.maxLength(5)),
])
export type PublishLanguages = z.infer<typeof publishLanguages>

export const publishEvent = z.object({
  host: publishHost,
  kind: publishKind,
  /** The entity written (a post's id, the company token), or the boundary's time for `schedule`. */
  id: z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)),
  action: z.enum(['create', 'update', 'delete']),
  /**
   * An event recorded before this field existed (an outbox row retried after an upgrade) reads
   * as `all`: it rebuilds everything, as it would have.
   */
  languages: z._default(publishLanguages, 'all'),
  /** When the change was recorded (not signed: the signature header has its own time). */
  at: instant,
})
export type PublishEvent = z.infer<typeof publishEvent>
