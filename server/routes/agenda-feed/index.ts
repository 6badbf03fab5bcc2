import { agendaFeedCall } from '#contract/agenda-feed.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { notFound } from '#server/kernel/index.ts'
import { findContent } from '#server/services/content/index.ts'

/**
 * GET /api/agenda/feed?shopId= (docs/decisions/075-studio-live-agenda.md): the studio's live
 * agenda of one shop as server-sent events, for a company user of the `company` header's
 * company (the bearer must be of that company: server/http/route.ts). A shop the company does
 * not have is 404, as another company's is. The events carry ids and days only.
 */
export const agendaFeedRoutes: RouteSpec[] = [
  handle(agendaFeedCall, async ({ c, company, subject, query }) => {
    const { deps } = c.var
    if (!(await findContent(deps.db, company.id, 'shops', { id: query.shopId }))) {
      throw notFound('No such shop.')
    }
    const body = deps.agendaFeed.open({
      companyId: company.id,
      shopId: query.shopId,
      accountId: subject.id,
    })
    return new Response(body, {
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        // a buffering proxy (nginx) would hold the events back
        'x-accel-buffering': 'no',
      },
    })
  }),
]
