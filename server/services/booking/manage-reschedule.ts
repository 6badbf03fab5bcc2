import { and, eq } from 'drizzle-orm'
import { type AppointmentRequest, appointmentRequest } from '#contract/appointment.ts'
import type { ManageTarget } from '#contract/manage.ts'
import type { Range } from '#domain/slots/ranges.ts'
import { rescheduleSettlement } from '#domain/visit-policy/visit-policy.ts'
import type { Db } from '#server/db/client.ts'
import {
  type AppointmentRow,
  appointmentClaims,
  appointments,
  bookingOrders,
  type CompanyRow,
} from '#server/db/schema/index.ts'
import { badRequest, conflict, Refusal } from '#server/http/errors.ts'
import type { Subject } from '#server/http/types.ts'
import { clock } from '../clock.ts'
import { creditOrder } from '../orders/refunds.ts'
import type { AvailabilityCache, CacheScope } from './availability-cache.ts'
import { planDate } from './calendar.ts'
import { cancelAppointments } from './cancel.ts'
import { busyByDate, loadClaimsUnderLock } from './claims.ts'
import { resourceDays } from './day-resources.ts'
import { lockAll, resourceLock } from './locks.ts'
import { resourcesOf, sameIds } from './manage-cancel.ts'
import { queueVisitNotices } from './manage-notice.ts'
import { assertAllowed, decide, findManagedOrder, liveAppointments } from './manage-visit.ts'
import { type PreparedRequest, prepareRequest, UnavailableError } from './prepare.ts'
import { bookingTransaction } from './transaction.ts'
import { assignVisit } from './visit.ts'

export interface MovedVisit {
  readonly orderId: string
  readonly creditedCents: number
  readonly currency: string
  /** what the committed move changed (the old slot and the new), for the availability cache */
  readonly touched: readonly CacheScope[]
}

const wallMs = (local: string) => Date.parse(`${local}:00Z`)
const wallOf = (ms: number) => new Date(ms).toISOString().slice(0, 16)

/**
 * The requests of the moved visit: each appointment keeps its service, equipment, note and its
 * place relative to the first one, which starts at `start` (shop wall-clock). Any qualified
 * free employee may take it: the one booked before is preferred only by the ordinary choice.
 */
function movedRequests(live: readonly AppointmentRow[], start: string): AppointmentRequest[] {
  const first = live[0]
  if (!first) return []
  const shift = wallMs(start) - wallMs(first.localStart)
  return live.map((a) => {
    const parsed = appointmentRequest.safeParse({
      shopid: a.shopId,
      serviceid: a.serviceId,
      start: wallOf(wallMs(a.localStart) + shift),
      end: wallOf(wallMs(a.localEnd) + shift),
      myAppointment: { equipmentIds: a.equipmentIds },
      ...(a.customMessage === null ? {} : { customMessage: a.customMessage }),
    })
    if (!parsed.success) throw badRequest('The visit cannot move to this day.', 'invalidInput')
    return parsed.data
  })
}

/**
 * A customer moves their whole visit to another start online (docs/decisions/038-visit-policy.md).
 * The new slot is checked as a new booking is (prepareRequest: same services and shop, open,
 * on the grid, not past), priced, and settled by the policy rule: a dearer visit is refused
 * (rescheduleCostsMore), a cheaper one credits the difference. Then ONE transaction, under the
 * advisory locks of the old resources and every candidate of the new slot: the policy decided
 * again on fresh rows, the new appointments chosen and written as confirmed, the old ones
 * released through cancelAppointments, the new claims written last (the exclusion constraint
 * stands behind the choice). The old slot is thus free only if the new one is taken, and a
 * burst of moves to one slot gives it to one.
 */
export async function rescheduleVisit(
  db: Db,
  cache: AvailabilityCache,
  company: CompanyRow,
  target: ManageTarget,
  start: string,
  subject: Subject | undefined,
): Promise<MovedVisit> {
  const managed = await findManagedOrder(db, company, target, subject, clock.now())
  const { order: found, actor } = managed
  const before = await liveAppointments(db, company.id, found.cartId)
  assertAllowed(decide(managed, before, 'reschedule', clock.now()))
  const requests = movedRequests(before, start)
  const prepared: PreparedRequest[] = []
  for (const request of requests) {
    const ends = requests.slice(0, prepared.length).map((r) => r.end)
    prepared.push(await prepareRequest(db, cache, company, request, async () => ends))
  }
  const oldTotal = before.reduce((sum, a) => sum + a.priceCents, 0)
  const newTotal = prepared.reduce((sum, p) => sum + p.service.priceCents, 0)
  const settlement = rescheduleSettlement(oldTotal, newTotal, found.paidCents)
  if (settlement.kind === 'refuse') {
    throw new Refusal(
      409,
      'rescheduleCostsMore',
      `Conflict: the new visit costs ${settlement.differenceCents} more; call the shop.`,
    )
  }
  const candidates = prepared.flatMap((p) => [...p.need.employees, ...(p.need.cabins ?? [])])

  const moved = await bookingTransaction(db, async (tx) => {
    await lockAll(tx, company.id, [...resourcesOf(before), ...candidates].map(resourceLock))
    const [order] = await tx
      .select()
      .from(bookingOrders)
      .where(and(eq(bookingOrders.companyId, company.id), eq(bookingOrders.id, found.id)))
      .for('update')
    const live = await liveAppointments(tx, company.id, found.cartId)
    const now = clock.now()
    if (!order) throw conflict('Conflict: the booking changed, please retry.', 'retry')
    assertAllowed(decide({ policy: managed.policy, order }, live, 'reschedule', now))
    if (!sameIds(live, before))
      throw conflict('Conflict: the booking changed, please retry.', 'retry')
    const oldIds = live.map((a) => a.id)

    const first = prepared[0]
    if (!first) throw badRequest('Nothing to move.', 'invalidInput')
    const range = {
      start: new Date(Math.min(...prepared.map((p) => p.startsAt.getTime()))),
      end: new Date(Math.max(...prepared.map((p) => p.endsAt.getTime()))),
    }
    const claimed = await loadClaimsUnderLock(tx, company.id, candidates, range, now, oldIds)
    await cancelAppointments(tx, company.id, claimed.lapsed, 'expired', 'system', now)
    const zone = first.catalogue.shop.timeZone
    const busy = new Map<string, Range[]>(busyByDate(claimed.spans, zone).get(first.date) ?? [])
    const plan = planDate(first.catalogue, first.date, first.settings.cuttingHours, now)
    if (!plan) throw new UnavailableError('slotTaken')
    const rows = []
    for (const p of prepared) {
      const chosen = assignVisit(p.start, [p.need], resourceDays(plan, busy, [p.need]))?.[0]
      if (!chosen) throw new UnavailableError('slotTaken')
      for (const id of chosen.cabinId ? [chosen.employeeId, chosen.cabinId] : [chosen.employeeId]) {
        busy.set(id, [...(busy.get(id) ?? []), { start: chosen.start, end: chosen.end }])
      }
      rows.push({ p, chosen })
    }

    const old = live[0]
    const inserted = await tx
      .insert(appointments)
      .values(
        rows.map(({ p, chosen }, i) => ({
          companyId: company.id,
          cartId: order.cartId,
          bookingOrderId: order.id,
          shopId: order.shopId,
          serviceId: p.service.id,
          employeeId: chosen.employeeId,
          cabinId: chosen.cabinId ?? null,
          equipmentIds: live[i]?.equipmentIds ?? [],
          customerId: order.customerId,
          status: 'confirmed' as const,
          startsAt: p.startsAt,
          endsAt: p.endsAt,
          localStart: requests[i]?.start ?? '',
          localEnd: requests[i]?.end ?? '',
          timeZone: zone,
          priceCents: p.service.priceCents,
          currency: p.settings.currency,
          giftCode: live[i]?.giftCode ?? null,
          customMessage: live[i]?.customMessage ?? null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: appointments.id })
    // the new appointments are live first, so releasing the old never empties the order
    await cancelAppointments(tx, company.id, oldIds, 'customer', actor, now)
    await tx.insert(appointmentClaims).values(
      rows.flatMap(({ p, chosen }, i) => {
        const claim = {
          companyId: company.id,
          appointmentId: inserted[i]?.id ?? '',
          shopId: order.shopId,
          status: 'confirmed' as const,
          startsAt: p.startsAt,
          endsAt: p.endsAt,
          expiresAt: null,
        }
        return [
          { ...claim, resourceId: chosen.employeeId, resourceKind: 'employee' as const },
          ...(chosen.cabinId
            ? [{ ...claim, resourceId: chosen.cabinId, resourceKind: 'cabin' as const }]
            : []),
        ]
      }),
    )
    await tx
      .update(bookingOrders)
      .set({ totalCents: newTotal, updatedAt: now })
      .where(and(eq(bookingOrders.companyId, company.id), eq(bookingOrders.id, order.id)))
    const credited = settlement.kind === 'credit' ? settlement.amountCents : 0
    if (credited > 0) {
      const [fresh] = await tx
        .select()
        .from(bookingOrders)
        .where(and(eq(bookingOrders.companyId, company.id), eq(bookingOrders.id, order.id)))
      if (fresh) await creditOrder(tx, fresh, credited, actor, now)
    }
    await queueVisitNotices(tx, company, order, {
      kind: 'moved',
      from: old?.localStart ?? '',
      to: requests[0]?.start ?? start,
      startsAt: first.startsAt,
      creditedCents: credited,
    })
    return {
      credited,
      touched: [
        {
          shopId: order.shopId,
          resourceIds: resourcesOf(live),
          dates: [...new Set(live.map((a) => a.localStart.slice(0, 10)))],
        },
        {
          shopId: order.shopId,
          resourceIds: rows.flatMap(({ chosen }) =>
            chosen.cabinId ? [chosen.employeeId, chosen.cabinId] : [chosen.employeeId],
          ),
          dates: [first.date],
        },
      ],
    }
  })
  return {
    orderId: found.id,
    creditedCents: moved.credited,
    currency: found.currency,
    touched: moved.touched,
  }
}
