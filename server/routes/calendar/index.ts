import { calendarCalls } from '#contract/calls/calendar.ts'
import { resolveCompany } from '#server/http/company.ts'
import { handlePublic, type RouteSpec } from '#server/http/route.ts'
import { clock, forbidden, notFound, unauthorized } from '#server/kernel/index.ts'
import { calendarTokenOpens, readVisit, visitIcs } from '#server/services/booking/index.ts'

const gone = () => notFound('No such visit.')

/**
 * GET /api/calendar/:companyToken/:id (docs/api/calls.md): the visit's .ics. A token is checked
 * before anything is read, so a wrong one learns nothing (403); without one, only the signed-in
 * customer whose booking it is (the `company` header names the same company) gets it, anyone
 * else 404 as for a visit that does not exist; nobody at all, 401. A visit with no confirmed
 * appointment left (cancelled) is 404.
 */
export const calendarRoutes: RouteSpec[] = [
  handlePublic(calendarCalls.visit, async ({ c, company: header, subject, params, query }) => {
    const { deps } = c.var
    const company = await resolveCompany(deps.companies, params.companyToken)
    const now = clock.now()
    if (query.token !== undefined) {
      if (!calendarTokenOpens(query.token, company.id, params.id, now)) {
        throw forbidden('This calendar link is not valid.', 'invalidToken')
      }
    } else if (subject?.kind !== 'customer' || header?.id !== company.id) {
      throw subject ? gone() : unauthorized()
    }
    const visit = await readVisit(deps.db, company.id, params.id)
    if (!visit || visit.lines.length === 0) throw gone()
    if (query.token === undefined && visit.customerId !== subject?.id) throw gone()
    return new Response(visitIcs(company, visit, now), {
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': `attachment; filename="${visit.ideorder.replace(/[^\w.-]/g, '_')}.ics"`,
        'cache-control': 'private, no-store',
      },
    })
  }),
]
