import { waitlistCalls } from '#contract/calls/waitlist.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import {
  acceptOffer,
  joinWaitlist,
  leaveEntry,
  listEntries,
} from '#server/services/waitlist/index.ts'

/**
 * The waitlist of a full day (docs/api/calls.md "Waitlist", docs/decisions/040-waitlist.md),
 * customer bearer: join a day without a free slot, list and leave entries, follow an offer link.
 */
export const waitlistRoutes: RouteSpec[] = [
  handle(waitlistCalls.join, async ({ c, company, body, subject }) => {
    // joining writes no booking: cached availability stays (decision 035)
    c.set('availabilityHandled', true)
    const { db, availability } = c.var.deps
    return joinWaitlist(db, availability, company, subject.id, body)
  }),

  handle(waitlistCalls.list, ({ c, company, subject }) =>
    listEntries(c.var.deps.db, company.id, subject.id),
  ),

  handle(waitlistCalls.leave, async ({ c, company, query, subject }) => {
    await leaveEntry(c.var.deps.db, company.id, subject.id, query.entryId)
    return { ok: true as const }
  }),

  handle(waitlistCalls.offer, ({ c, company, body, subject }) =>
    acceptOffer(c.var.deps.db, company, subject.id, body.token),
  ),
]
