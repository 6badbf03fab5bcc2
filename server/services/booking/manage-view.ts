import type { ManageTarget, ManageView } from '#contract/manage.ts'
import type { ManageDecision } from '#domain/visit-policy/visit-policy.ts'
import type { Db } from '#server/db/client.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { notFound } from '#server/http/errors.ts'
import type { Subject } from '#server/http/types.ts'
import { bookingOrderView } from '../orders/booking-order.ts'
import { decide, findManagedOrder, liveAppointments } from './manage-visit.ts'

const wire = (decision: ManageDecision) => ({
  allowed: decision.allowed,
  ...(decision.allowed ? {} : { reason: decision.reason }),
  deadline: decision.deadline.toISOString(),
})

/**
 * What the manage page shows (docs/decisions/038-visit-policy.md): the order, the shop's policy
 * and what the customer may do now. Reading writes nothing.
 */
export async function manageView(
  db: Db,
  company: CompanyRow,
  target: ManageTarget,
  subject: Subject | undefined,
  now: Date,
): Promise<ManageView> {
  const managed = await findManagedOrder(db, company, target, subject, now)
  const live = await liveAppointments(db, company.id, managed.order.cartId)
  const order = await bookingOrderView(db, company.id, managed.order.id)
  if (!order) throw notFound('No such booking.')
  return {
    order,
    policy: managed.policy,
    cancel: wire(decide(managed, live, 'cancel', now)),
    reschedule: wire(decide(managed, live, 'reschedule', now)),
    serviceIds: live.map((a) => a.serviceId),
    start: live[0]?.localStart ?? order.appointments[0]?.start ?? '',
  }
}
