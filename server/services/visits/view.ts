import { DEFAULT_TIME_ZONE } from '#contract/constants.ts'
import type { ManageTarget, ManageView } from '#contract/manage.ts'
import type { ManageDecision } from '#domain/visit-policy/visit-policy.ts'
import type { Db } from '#server/db/client.ts'
import type { AppointmentRow, CompanyRow } from '#server/db/schema/index.ts'
import type { Subject } from '#server/kernel/index.ts'
import { notFound } from '#server/kernel/index.ts'
import type { AvailabilityCache } from '../booking/index.ts'
import { companyBookingOf, shopCatalogue } from '../booking/index.ts'
import { bookingOrderView } from '../orders/index.ts'
import { paymentSettingsOf } from '../payments/index.ts'
import { decide, findManagedOrder, liveAppointments } from './managed-visit.ts'
import { paysOnline } from './reschedule.ts'

const minutesBetween = (a: AppointmentRow) =>
  Math.max(Math.round((a.endsAt.getTime() - a.startsAt.getTime()) / 60_000), 1)

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
  cache: AvailabilityCache,
  company: CompanyRow,
  target: ManageTarget,
  subject: Subject | undefined,
  now: Date,
): Promise<ManageView> {
  const managed = await findManagedOrder(db, company, target, subject, now)
  const live = await liveAppointments(db, company.id, managed.order.cartId)
  const order = await bookingOrderView(db, company.id, managed.order.id)
  if (!order) throw notFound('No such booking.')
  const settings = companyBookingOf(company)
  const payment = paymentSettingsOf(company)
  const catalogue = await shopCatalogue(db, cache, company.id, managed.order.shopId, now)
  const first = live[0] ?? order.appointments[0]
  const serviceId = first?.serviceId ?? ''
  // today's prices of the visit's services (a move is priced so, whatever its time)
  const oldTotal = live.reduce((sum, a) => sum + a.priceCents, 0)
  const newTotal = live.reduce(
    (sum, a) => sum + (catalogue?.services.get(a.serviceId)?.priceCents ?? a.priceCents),
    0,
  )
  const duration =
    catalogue?.services.get(serviceId)?.duration ?? (live[0] ? minutesBetween(live[0]) : 30)
  return {
    order,
    policy: managed.policy,
    cancel: wire(decide(managed, live, 'cancel', now)),
    reschedule: wire(decide(managed, live, 'reschedule', now)),
    serviceIds: live.map((a) => a.serviceId),
    start: live[0]?.localStart ?? order.appointments[0]?.start ?? '',
    picker: {
      shopId: managed.order.shopId,
      shopName: order.bill?.shopName ?? '',
      timeZone: catalogue?.shop.timeZone ?? live[0]?.timeZone ?? DEFAULT_TIME_ZONE,
      serviceId,
      duration,
      cuttingHours: settings.cuttingHours,
      mode: settings.useCabinManagement ? '2' : '1',
      equipment: settings.equipments,
    },
    ...(payment.provider !== null && paysOnline(company)
      ? {
          payDifference: {
            provider: payment.provider,
            publicKey: payment.publicKey,
            amount: { amount: Math.max(newTotal - oldTotal, 0), currency: order.total.currency },
          },
        }
      : {}),
  }
}
