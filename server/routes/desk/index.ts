import { deskCalls } from '#contract/calls/desk.ts'
import type { RouteSpec } from '#server/http/route.ts'
import { commerceSettings } from '#server/kernel/index.ts'
import { deskBook, deskCancel, deskMove } from '#server/services/visits/index.ts'
import { handleAdmin } from '../booking-admin/admin-route.ts'

/**
 * The studio's desk (docs/decisions/077-desk-booking.md): book a visit due at the shop, move
 * it, cancel it. Booking admin calls (the bearer names the company); the services check the
 * user's shops and columns (docs/decisions/072-studio-roles.md) and take the site's locks.
 */
export const deskRoutes: RouteSpec[] = [
  handleAdmin(deskCalls.book, async ({ c, session, body }) =>
    deskBook(c.var.deps.db, c.var.deps.availability, session.company, session.staff, body),
  ),

  handleAdmin(deskCalls.move, async ({ c, session, body }) =>
    deskMove(c.var.deps.db, c.var.deps.availability, session.company, session.staff, body),
  ),

  handleAdmin(deskCalls.cancel, async ({ c, session, body }) => {
    const { db, availability } = c.var.deps
    const { order, cancelled } = await deskCancel(
      db,
      availability,
      session.company,
      session.staff,
      body,
    )
    const currency = commerceSettings(session.company).mCurrency.code
    const money = (amount: number) => ({ amount, currency: cancelled.given.currency || currency })
    return {
      order,
      given: {
        kind: cancelled.given.kind,
        amount: money(cancelled.given.amountCents),
        unrefunded: money(cancelled.given.unrefundedCents),
      },
    }
  }),
]
