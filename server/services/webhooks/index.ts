/**
 * The webhooks module's one entry (docs/decisions/069-server-modules.md): the publisher that
 * records and delivers a tenant's publish events to the sites (or a GitHub dispatch), and the
 * languages an event names. Its own files import each other directly.
 */
export { publishLanguagesOf } from './languages.ts'
export {
  createPublisher,
  type Publisher,
  type PublisherOptions,
} from './publisher.ts'
