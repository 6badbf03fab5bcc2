import * as z from 'zod/mini'
import { defineCall } from './call'
import { id, isoDate } from './common'

/**
 * The studio's live agenda (docs/decisions/075-studio-live-agenda.md): a server-sent event
 * stream per shop, for company users. Its events say only what changed (ids and days), never
 * the rows: the studio reads them again through the calls it already makes (booking admin
 * history), so an event never shows more than those calls would.
 */

/**
 * - `ready`: the stream is open (first time or after a reconnection): anything may have changed
 *   while it was not, so the shop's agenda is read again.
 * - `changed`: an order or appointment of the shop changed; `days` are the shop-local days of
 *   the appointments touched (empty when only the order changed), `orders` the order ids.
 * - `reset`: the server may have missed changes (its listening connection dropped): read again.
 */
export const agendaFeedEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), shopId: id }),
  z.object({
    type: z.literal('changed'),
    shopId: id,
    days: z.array(isoDate),
    orders: z.array(id),
  }),
  z.object({ type: z.literal('reset'), shopId: id }),
])
export type AgendaFeedEvent = z.infer<typeof agendaFeedEvent>

/**
 * GET /api/agenda/feed?shopId=: `text/event-stream`, one `data:` line of `agendaFeedEvent` JSON
 * per event, the event's type as its `event:` name. A company user of the `company` header's
 * company (provider bearer), for one of its shops (another company's or an unknown shop: 404).
 * Not in `calls`: its answer never ends, so the suites that read every call's answer to the end
 * cannot send it; server/routes/agenda-feed tests its refusals instead.
 */
export const agendaFeedCall = defineCall({
  method: 'GET',
  path: '/api/agenda/feed',
  group: 'first',
  auth: 'provider',
  query: z.object({ shopId: id }),
  response: agendaFeedEvent,
})
