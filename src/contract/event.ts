import * as z from 'zod/mini'
import { endAfterStart, flag, id, instant, maybe, translatedText, webUrl } from './common'

const eventFields = {
  img: z._default(z.array(z.object({ url: webUrl })), []),
  start: instant,
  end: instant,
  showDates: flag(false),
  title: z._default(translatedText, {}),
  /** translated HTML, sanitised at build time */
  body: z._default(translatedText, {}),
  /** the optional button; its label defaults to 'more info' in the catalogs */
  link: maybe(z.object({ url: webUrl, title: z._default(translatedText, {}) })),
}

/** docs/product/3-entities.md Event: shown in the carousel while now is strictly between start and end (docs/product/4-states.md). */
export const event = z.object({ id, ...eventFields }).check(endAfterStart)
export type Event = z.infer<typeof event>

/** POST /api/events */
export const eventBody = z.object(eventFields).check(endAfterStart)
