import { manageCalls } from '#contract/calls/manage.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { clock, notFound } from '#server/kernel/index.ts'
import { bookingOrderView } from '#server/services/orders/index.ts'
import { cancelVisit, manageView, rescheduleVisit } from '#server/services/visits/index.ts'

const calls = manageCalls

async function orderOf(db: Parameters<typeof bookingOrderView>[0], companyId: number, id: string) {
  const order = await bookingOrderView(db, companyId, id)
  if (!order) throw notFound('No such booking.')
  return order
}

/**
 * Customers managing their own visit (docs/decisions/038-visit-policy.md, docs/api/calls.md):
 * the signed-in owner or the holder of the e-mail's signed link. The services decide and
 * write; these handlers hand over and tell the availability cache what a committed write freed
 * or took (decision 035).
 */
export const manageRoutes: RouteSpec[] = [
  handle(calls.view, async ({ c, company, body, subject }) => {
    c.set('availabilityHandled', true)
    const { db, availability } = c.var.deps
    return manageView(db, availability, company, body, subject, clock.now())
  }),

  handle(calls.cancel, async ({ c, company, body, subject }) => {
    const { db, availability } = c.var.deps
    c.set('availabilityHandled', true)
    const done = await cancelVisit(db, company, body, subject)
    availability.invalidate(company.id, done.touched)
    const { kind, amountCents, unrefundedCents, currency, status } = done.given
    return {
      order: await orderOf(db, company.id, done.orderId),
      given: {
        kind,
        amount: { amount: amountCents, currency },
        status,
        unrefunded: { amount: unrefundedCents, currency },
      },
    }
  }),

  handle(calls.reschedule, async ({ c, company, body, subject }) => {
    const { db, availability } = c.var.deps
    c.set('availabilityHandled', true)
    const { start, ...target } = body
    const moved = await rescheduleVisit(db, availability, company, target, start, subject)
    for (const scope of moved.touched) availability.invalidate(company.id, scope)
    return {
      order: await orderOf(db, company.id, moved.orderId),
      credited: { amount: moved.creditedCents, currency: moved.currency },
    }
  }),
]
