import type { AppointmentRequest } from '#contract/appointment.ts'
import type { ManageTarget } from '#contract/manage.ts'
import type { Range } from '#domain/slots/ranges.ts'
import type { Db, Tx } from '#server/db/client.ts'
import type { AppointmentRow, BookingOrderRow, CompanyRow } from '#server/db/schema/index.ts'
import { appointmentClaims, appointments } from '#server/db/schema/index.ts'
import type { Subject } from '#server/kernel/index.ts'
import { badRequest, clock } from '#server/kernel/index.ts'
import type { AvailabilityCache, CacheScope } from '../booking/index.ts'
import {
  type Assignment,
  assignVisit,
  busyByDate,
  cancelAppointments,
  loadOverlappingClaims,
  type PreparedRequest,
  planDate,
  prepareRequest,
  resourceDays,
  UnavailableError,
} from '../booking/index.ts'
import { resourcesOf } from './locked-visit.ts'
import {
  assertAllowed,
  decide,
  findManagedOrder,
  liveAppointments,
  type ManagedOrder,
} from './managed-visit.ts'
import { movedRequests } from './moved-requests.ts'

/**
 * The parts of moving a visit shared by the even or cheaper move (reschedule.ts, one
 * transaction) and the dearer one paid first (reschedule-hold.ts: held, then confirmed
 * by the payment): docs/decisions/038-visit-policy.md, docs/decisions/042-reschedule-pay-difference.md.
 */
export interface PlannedMove {
  readonly managed: ManagedOrder
  /** the visit's live appointments when the move was asked for, first one first */
  readonly before: readonly AppointmentRow[]
  readonly requests: readonly AppointmentRequest[]
  readonly prepared: readonly PreparedRequest[]
  readonly oldTotal: number
  readonly newTotal: number
  /** every resource the new slot may take */
  readonly candidates: readonly string[]
}

export interface ChosenRow {
  readonly p: PreparedRequest
  readonly chosen: Assignment
}

/**
 * Reads only: who acts on which order (its policy decided now), and the new slot checked as a
 * new booking is (prepareRequest: same services and shop, open, on the grid, not past) and
 * priced at today's prices.
 */
export async function planMove(
  db: Db,
  cache: AvailabilityCache,
  company: CompanyRow,
  target: ManageTarget,
  start: string,
  subject: Subject | undefined,
): Promise<PlannedMove> {
  const managed = await findManagedOrder(db, company, target, subject, clock.now())
  const before = await liveAppointments(db, company.id, managed.order.cartId)
  assertAllowed(decide(managed, before, 'reschedule', clock.now()))
  const requests = movedRequests(before, start)
  const prepared: PreparedRequest[] = []
  for (const request of requests) {
    const ends = requests.slice(0, prepared.length).map((r) => r.end)
    prepared.push(await prepareRequest(db, cache, company, request, async () => ends))
  }
  return {
    managed,
    before,
    requests,
    prepared,
    oldTotal: before.reduce((sum, a) => sum + a.priceCents, 0),
    newTotal: prepared.reduce((sum, p) => sum + p.service.priceCents, 0),
    candidates: prepared.flatMap((p) => [...p.need.employees, ...(p.need.cabins ?? [])]),
  }
}

/**
 * Under the locks of the candidates: the new slot's resources chosen from their live claims
 * (lapsed holds cancelled on the way). `notBusy`: claims of appointments that do not count
 * (the visit's own, when it moves in the same transaction). 409 slotTaken when none is free.
 */
export async function chooseMove(
  tx: Tx,
  companyId: number,
  move: PlannedMove,
  now: Date,
  notBusy: readonly string[],
): Promise<ChosenRow[]> {
  const { prepared, candidates } = move
  const first = prepared[0]
  if (!first) throw badRequest('Nothing to move.', 'invalidInput')
  const range = {
    start: new Date(Math.min(...prepared.map((p) => p.startsAt.getTime()))),
    end: new Date(Math.max(...prepared.map((p) => p.endsAt.getTime()))),
  }
  const claimed = await loadOverlappingClaims(tx, companyId, candidates, range, now, notBusy)
  await cancelAppointments(tx, companyId, claimed.lapsed, 'expired', 'system', now)
  const zone = first.catalogue.shop.timeZone
  const busy = new Map<string, Range[]>(busyByDate(claimed.spans, zone).get(first.date) ?? [])
  const plan = planDate(first.catalogue, first.date, first.settings.cuttingHours, now)
  if (!plan) throw new UnavailableError('slotTaken')
  const rows: ChosenRow[] = []
  for (const p of prepared) {
    const chosen = assignVisit(p.start, [p.need], resourceDays(plan, busy, [p.need]))?.[0]
    if (!chosen) throw new UnavailableError('slotTaken')
    for (const id of chosen.cabinId ? [chosen.employeeId, chosen.cabinId] : [chosen.employeeId]) {
      busy.set(id, [...(busy.get(id) ?? []), { start: chosen.start, end: chosen.end }])
    }
    rows.push({ p, chosen })
  }
  return rows
}

/** Where the new appointments go: the order's cart (confirmed) or a payment's cart (held). */
export interface MoveDestination {
  readonly cartId: string
  readonly bookingOrderId: string | null
  readonly status: 'confirmed' | 'hold'
  /** a hold's lapse; null when confirmed */
  readonly expiresAt: Date | null
}

/** The new appointments, each keeping what its old one had besides its time and resources. */
export function insertMoved(
  tx: Tx,
  company: CompanyRow,
  order: BookingOrderRow,
  move: PlannedMove,
  rows: readonly ChosenRow[],
  live: readonly AppointmentRow[],
  to: MoveDestination,
  now: Date,
) {
  const zone = move.prepared[0]?.catalogue.shop.timeZone ?? 'UTC'
  return tx
    .insert(appointments)
    .values(
      rows.map(({ p, chosen }, i) => ({
        companyId: company.id,
        cartId: to.cartId,
        bookingOrderId: to.bookingOrderId,
        shopId: order.shopId,
        serviceId: p.service.id,
        employeeId: chosen.employeeId,
        cabinId: chosen.cabinId ?? null,
        equipmentIds: live[i]?.equipmentIds ?? [],
        customerId: order.customerId,
        status: to.status,
        startsAt: p.startsAt,
        endsAt: p.endsAt,
        localStart: move.requests[i]?.start ?? '',
        localEnd: move.requests[i]?.end ?? '',
        timeZone: zone,
        priceCents: p.service.priceCents,
        currency: p.settings.currency,
        giftCode: live[i]?.giftCode ?? null,
        customMessage: live[i]?.customMessage ?? null,
        expiresAt: to.expiresAt,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: appointments.id })
}

/** The claims of the new appointments: written last, under the exclusion constraint. */
export async function insertClaims(
  tx: Tx,
  company: CompanyRow,
  order: BookingOrderRow,
  rows: readonly ChosenRow[],
  ids: readonly { id: string }[],
  to: MoveDestination,
): Promise<void> {
  await tx.insert(appointmentClaims).values(
    rows.flatMap(({ p, chosen }, i) => {
      const claim = {
        companyId: company.id,
        appointmentId: ids[i]?.id ?? '',
        shopId: order.shopId,
        status: to.status,
        startsAt: p.startsAt,
        endsAt: p.endsAt,
        expiresAt: to.expiresAt,
      }
      return [
        { ...claim, resourceId: chosen.employeeId, resourceKind: 'employee' as const },
        ...(chosen.cabinId
          ? [{ ...claim, resourceId: chosen.cabinId, resourceKind: 'cabin' as const }]
          : []),
      ]
    }),
  )
}

/** What a committed move changed (the old slot and the new), for the availability cache. */
export function movedScopes(
  shopId: string,
  old: readonly AppointmentRow[],
  rows: readonly ChosenRow[],
): CacheScope[] {
  return [
    {
      shopId,
      resourceIds: resourcesOf(old),
      dates: [...new Set(old.map((a) => a.localStart.slice(0, 10)))],
    },
    {
      shopId,
      resourceIds: rows.flatMap(({ chosen }) =>
        chosen.cabinId ? [chosen.employeeId, chosen.cabinId] : [chosen.employeeId],
      ),
      dates: [...new Set(rows.map(({ p }) => p.date))],
    },
  ]
}
